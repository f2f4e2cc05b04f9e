import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Tx } from '../../db/client.js';
import {
  nestCustomers,
  type nestInvoices,
  nestSubscriptions,
  nests,
  offerPrices,
  offers,
  type planInvoices,
  receiptSequences,
  receipts,
  users,
} from '../../db/schema/index.js';
import {
  formatReceiptNumber,
  nestIssuer,
  PLATFORM_ISSUER,
  type ReceiptDocument,
  type ReceiptParty,
  receiptLocale,
  splitVat,
} from './receipt-document.js';

export type ReceiptRow = typeof receipts.$inferSelect;
type PlanInvoiceRow = typeof planInvoices.$inferSelect;
type NestInvoiceRow = typeof nestInvoices.$inferSelect;
type NestRow = typeof nests.$inferSelect;

/** The platform as the seller of plans: its identity comes from the configuration (README). */
export interface PlatformSeller {
  party: ReceiptParty;
  vatRateBps: number | null;
  timeZone: string;
}

export function platformSeller(config: Config): PlatformSeller {
  return {
    party: {
      name: config.PLATFORM_LEGAL_NAME,
      lines: [config.PLATFORM_LEGAL_ADDRESS],
      email: null,
      vatNumber: config.PLATFORM_VAT_NUMBER ?? null,
      companyId: config.PLATFORM_COMPANY_ID ?? null,
    },
    vatRateBps: config.PLATFORM_VAT_RATE_BPS > 0 ? config.PLATFORM_VAT_RATE_BPS : null,
    timeZone: 'Europe/Paris',
  };
}

/**
 * The next number of an issuer's series. The increment is a row update inside the caller's
 * transaction: a second payment of the same issuer waits on the row until the first commits (or
 * rolls back, giving the number back), so numbers follow each other without gap or repeat.
 */
export async function takeReceiptNumber(tx: Tx, issuer: string): Promise<number> {
  const [row] = await tx
    .insert(receiptSequences)
    .values({ issuer, lastNumber: 1 })
    .onConflictDoUpdate({
      target: receiptSequences.issuer,
      set: { lastNumber: sql`${receiptSequences.lastNumber} + 1` },
    })
    .returning({ lastNumber: receiptSequences.lastNumber });
  return row!.lastNumber;
}

/** The nest as a party: its legal name and address when set, else its public name and address. */
function nestParty(nest: NestRow): ReceiptParty {
  const address = nest.legalAddress
    ? [nest.legalAddress]
    : [
        nest.addressLine1,
        ...(nest.addressLine2 ? [nest.addressLine2] : []),
        `${nest.postalCode} ${nest.city}`,
        nest.country,
      ];
  return {
    name: nest.legalName || nest.name,
    lines: address,
    email: null,
    vatNumber: nest.vatNumber,
    companyId: null,
  };
}

async function existingReceipt(tx: Tx, where: ReturnType<typeof eq>): Promise<ReceiptRow | undefined> {
  const [row] = await tx.select().from(receipts).where(where);
  return row;
}

/**
 * Issues the receipt of a paid plan invoice, once (a second call answers the first receipt). Call it
 * in the transaction that saw the invoice paid, with the invoice row locked.
 */
export async function issuePlanReceipt(
  tx: Tx,
  platform: PlatformSeller,
  invoice: PlanInvoiceRow,
): Promise<ReceiptRow | undefined> {
  if (invoice.status !== 'paid' || invoice.amountPaidCents <= 0) return undefined;
  const existing = await existingReceipt(tx, eq(receipts.planInvoiceId, invoice.id));
  if (existing) return existing;
  const [user] = await tx.select().from(users).where(eq(users.id, invoice.userId));
  if (!user) return undefined;
  const [nest] = await tx.select().from(nests).where(eq(nests.ownerId, user.id));
  const locale = receiptLocale(user.locale);
  const buyer: ReceiptParty = nest
    ? { ...nestParty(nest), email: user.email }
    : { name: user.name, lines: [], email: user.email, vatNumber: null, companyId: null };
  const sequence = await takeReceiptNumber(tx, PLATFORM_ISSUER);
  const number = formatReceiptNumber('plan', sequence);
  const issuedAt = invoice.paidAt ?? new Date();
  const document: ReceiptDocument = {
    version: 1,
    kind: 'plan',
    number,
    locale,
    timeZone: platform.timeZone,
    issuedAt: issuedAt.toISOString(),
    seller: platform.party,
    buyer,
    item: { type: 'plan', plan: invoice.plan ?? 'starter' },
    periodStart: invoice.periodStart?.toISOString() ?? null,
    periodEnd: invoice.periodEnd?.toISOString() ?? null,
    currency: invoice.currency,
    totalCents: invoice.amountPaidCents,
    ...splitVat(invoice.amountPaidCents, platform.vatRateBps),
    vatRateBps: platform.vatRateBps,
    paymentReference: invoice.providerInvoiceId,
  };
  const [row] = await tx
    .insert(receipts)
    .values({
      issuer: PLATFORM_ISSUER,
      sequence,
      number,
      kind: 'plan',
      planInvoiceId: invoice.id,
      userId: user.id,
      locale,
      issuedAt,
      document,
    })
    .returning();
  return row;
}

/**
 * Issues the receipt of a customer's paid invoice, in the nest's series, once. The seller is the
 * nest's legal identity as it is now; the buyer is the customer, in their language.
 */
export async function issueNestReceipt(
  tx: Tx,
  invoice: NestInvoiceRow,
  options: { locale?: string } = {},
): Promise<ReceiptRow | undefined> {
  if (invoice.status !== 'paid' || invoice.amountPaidCents <= 0) return undefined;
  const existing = await existingReceipt(tx, eq(receipts.nestInvoiceId, invoice.id));
  if (existing) return existing;
  const [found] = await tx
    .select({ nest: nests, customer: nestCustomers, offerName: offers.name })
    .from(nestSubscriptions)
    .innerJoin(nests, eq(nests.id, nestSubscriptions.nestId))
    .innerJoin(nestCustomers, eq(nestCustomers.id, nestSubscriptions.customerId))
    .innerJoin(offerPrices, eq(offerPrices.id, nestSubscriptions.offerPriceId))
    .innerJoin(offers, eq(offers.id, offerPrices.offerId))
    .where(eq(nestSubscriptions.id, invoice.subscriptionId));
  if (!found) return undefined;
  const { nest, customer, offerName } = found;
  const locale = receiptLocale(options.locale ?? customer.locale);
  const issuer = nestIssuer(nest.id);
  const sequence = await takeReceiptNumber(tx, issuer);
  const number = formatReceiptNumber('nest', sequence);
  const issuedAt = invoice.paidAt ?? new Date();
  const vatRateBps = nest.vatRateBps && nest.vatRateBps > 0 ? nest.vatRateBps : null;
  const document: ReceiptDocument = {
    version: 1,
    kind: 'nest',
    number,
    locale,
    timeZone: nest.timeZone,
    issuedAt: issuedAt.toISOString(),
    seller: nestParty(nest),
    buyer: {
      name: customer.name?.trim() || customer.email,
      lines: [],
      email: customer.email,
      vatNumber: null,
      companyId: null,
    },
    item: { type: 'offer', name: offerName },
    periodStart: invoice.periodStart?.toISOString() ?? null,
    periodEnd: invoice.periodEnd?.toISOString() ?? null,
    currency: invoice.currency,
    totalCents: invoice.amountPaidCents,
    ...splitVat(invoice.amountPaidCents, vatRateBps),
    vatRateBps,
    paymentReference: invoice.providerInvoiceId,
  };
  const [row] = await tx
    .insert(receipts)
    .values({
      issuer,
      sequence,
      number,
      kind: 'nest',
      nestInvoiceId: invoice.id,
      nestId: nest.id,
      customerId: customer.id,
      locale,
      issuedAt,
      document,
    })
    .returning();
  return row;
}

import { stringify } from 'csv-stringify/sync';
import { and, eq, inArray, or } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { Db } from '../../db/client.js';
import {
  checkIns,
  nestCheckouts,
  nestCustomers,
  nestInvoices,
  nestLinks,
  nestSubscriptions,
  nests,
  nestTransactions,
  offerPrices,
  offers,
  payoutAccounts,
  planInvoices,
  planSubscriptions,
  receipts,
  rewards,
  subscriptionEvents,
  users,
} from '../../db/schema/index.js';

/** Never exported: secrets (even hashed) and binary files. */
const WITHHELD = new Set(['passwordHash', 'tokenHash', 'bytes', 'codeLookup', 'previousTokenHash']);

type Row = Record<string, unknown>;

function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A row as the files show it: snake_case keys like the API, dates in ISO 8601, no secrets. */
function clean(row: Row): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (WITHHELD.has(key)) continue;
    out[snake(key)] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

function csvOf(rows: Row[]): string {
  if (rows.length === 0) return '';
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return stringify(
    rows.map((row) =>
      columns.map((column) => {
        const value = row[column];
        if (value === null || value === undefined) return '';
        return typeof value === 'object' ? JSON.stringify(value) : String(value);
      }),
    ),
    { header: true, columns, bom: true },
  );
}

const README = {
  merchant: `Your Nest data
==============

Every file exists twice: NAME.json (exact values) and NAME.csv (for a spreadsheet).
Amounts are in cents of the currency named next to them; dates are ISO 8601 in UTC.

account         your merchant account (the password is never exported)
plan            your Nest plan subscription and its invoices
nest            your nest (business details shown to customers and on receipts)
offers          your offers and their price versions
links           your shareable links and their counters
payout_accounts your payout account at the payment provider
customers       the customers who subscribed to your nest
subscriptions   their subscriptions
invoices        their invoices
transactions    the money ledger: payments, refunds, disputes, payouts
receipts        the receipts issued (the PDF files stay downloadable from Nest)
check_ins       every verification at the counter
rewards         rewards earned and redeemed
events          each customer's history (created, renewed, cancelled…)
checkouts       checkouts started through your links
`,
  customer: `Your Nest data
==============

Every file exists twice: NAME.json (exact values) and NAME.csv (for a spreadsheet).
Amounts are in cents of the currency named next to them; dates are ISO 8601 in UTC.

account         your customer account
subscriptions   your subscriptions, with the nest and offer of each
invoices        your invoices
payments        your payments and refunds
check_ins       your visits verified at the counter
rewards         rewards earned and redeemed
events          the history of your subscriptions
`,
};

function zip(kind: 'merchant' | 'customer', files: Record<string, Row[]>): Buffer {
  const entries: Record<string, Uint8Array> = { 'README.txt': strToU8(README[kind]) };
  for (const [name, rows] of Object.entries(files)) {
    const cleaned = rows.map(clean);
    entries[`${name}.json`] = strToU8(`${JSON.stringify(cleaned, null, 2)}\n`);
    entries[`${name}.csv`] = strToU8(csvOf(cleaned));
  }
  return Buffer.from(zipSync(entries, { level: 6 }));
}

/** Everything Nest holds about a merchant and their nest (ADR 171), as a ZIP of JSON and CSV files. */
export async function buildMerchantExport(db: Db, userId: string): Promise<Buffer> {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) throw new Error('merchant not found');
  const [nest] = await db.select().from(nests).where(eq(nests.ownerId, userId));
  const plan = await db.select().from(planSubscriptions).where(eq(planSubscriptions.userId, userId));
  const planBills = await db.select().from(planInvoices).where(eq(planInvoices.userId, userId));
  const payouts = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  const files: Record<string, Row[]> = {
    account: [account],
    plan: plan,
    plan_invoices: planBills,
    payout_accounts: payouts,
    nest: nest ? [nest] : [],
  };
  if (nest) {
    const nestId = nest.id;
    const offerRows = await db.select().from(offers).where(eq(offers.nestId, nestId));
    const offerIds = offerRows.map((offer) => offer.id);
    const subscriptionRows = await db
      .select()
      .from(nestSubscriptions)
      .where(eq(nestSubscriptions.nestId, nestId));
    const customerIds = [...new Set(subscriptionRows.map((s) => s.customerId))];
    Object.assign(files, {
      offers: offerRows,
      offer_prices: offerIds.length
        ? await db.select().from(offerPrices).where(inArray(offerPrices.offerId, offerIds))
        : [],
      links: await db.select().from(nestLinks).where(eq(nestLinks.nestId, nestId)),
      customers: customerIds.length
        ? await db
            .select({
              id: nestCustomers.id,
              email: nestCustomers.email,
              name: nestCustomers.name,
              locale: nestCustomers.locale,
              createdAt: nestCustomers.createdAt,
            })
            .from(nestCustomers)
            .where(inArray(nestCustomers.id, customerIds))
        : [],
      subscriptions: subscriptionRows,
      invoices: await db.select().from(nestInvoices).where(eq(nestInvoices.nestId, nestId)),
      transactions: await db.select().from(nestTransactions).where(eq(nestTransactions.nestId, nestId)),
      receipts: await db
        .select()
        .from(receipts)
        .where(or(eq(receipts.nestId, nestId), eq(receipts.userId, userId))),
      check_ins: await db.select().from(checkIns).where(eq(checkIns.nestId, nestId)),
      rewards: await db.select().from(rewards).where(eq(rewards.nestId, nestId)),
      events: await db.select().from(subscriptionEvents).where(eq(subscriptionEvents.nestId, nestId)),
      checkouts: await db.select().from(nestCheckouts).where(eq(nestCheckouts.nestId, nestId)),
    });
  } else {
    files.receipts = await db.select().from(receipts).where(eq(receipts.userId, userId));
  }
  return zip('merchant', files);
}

/** Everything Nest holds about a customer, in every nest they subscribed to (ADR 171). */
export async function buildCustomerExport(db: Db, customerId: string): Promise<Buffer> {
  const [account] = await db
    .select({
      id: nestCustomers.id,
      email: nestCustomers.email,
      name: nestCustomers.name,
      locale: nestCustomers.locale,
      createdAt: nestCustomers.createdAt,
    })
    .from(nestCustomers)
    .where(eq(nestCustomers.id, customerId));
  if (!account) throw new Error('customer not found');
  const subscriptionRows = await db
    .select({
      id: nestSubscriptions.id,
      nestName: nests.name,
      offerName: offers.name,
      amountCents: offerPrices.amountCents,
      currency: offerPrices.currency,
      interval: offerPrices.interval,
      intervalCount: offerPrices.intervalCount,
      status: nestSubscriptions.status,
      currentPeriodStart: nestSubscriptions.currentPeriodStart,
      currentPeriodEnd: nestSubscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
      canceledAt: nestSubscriptions.canceledAt,
      createdAt: nestSubscriptions.createdAt,
    })
    .from(nestSubscriptions)
    .innerJoin(nests, eq(nests.id, nestSubscriptions.nestId))
    .innerJoin(offerPrices, eq(offerPrices.id, nestSubscriptions.offerPriceId))
    .innerJoin(offers, eq(offers.id, offerPrices.offerId))
    .where(eq(nestSubscriptions.customerId, customerId));
  const subscriptionIds = subscriptionRows.map((s) => s.id);
  const files: Record<string, Row[]> = {
    account: [account],
    subscriptions: subscriptionRows,
    invoices: await db.select().from(nestInvoices).where(eq(nestInvoices.customerId, customerId)),
    payments: await db
      .select({
        id: nestTransactions.id,
        kind: nestTransactions.kind,
        status: nestTransactions.status,
        amountCents: nestTransactions.amountCents,
        currency: nestTransactions.currency,
        subscriptionId: nestTransactions.subscriptionId,
        occurredAt: nestTransactions.occurredAt,
      })
      .from(nestTransactions)
      .where(
        and(
          eq(nestTransactions.customerId, customerId),
          inArray(nestTransactions.kind, ['payment', 'refund']),
        ),
      ),
    check_ins: await db
      .select({
        id: checkIns.id,
        subscriptionId: checkIns.subscriptionId,
        result: checkIns.result,
        reason: checkIns.reason,
        checkedAt: checkIns.checkedAt,
        undoneAt: checkIns.undoneAt,
      })
      .from(checkIns)
      .where(eq(checkIns.customerId, customerId)),
    rewards: subscriptionIds.length
      ? await db
          .select({
            id: rewards.id,
            subscriptionId: rewards.subscriptionId,
            kind: rewards.kind,
            rule: rewards.rule,
            milestone: rewards.milestone,
            earnedAt: rewards.earnedAt,
            redeemedAt: rewards.redeemedAt,
          })
          .from(rewards)
          .where(inArray(rewards.subscriptionId, subscriptionIds))
      : [],
    events: await db
      .select({
        id: subscriptionEvents.id,
        subscriptionId: subscriptionEvents.subscriptionId,
        kind: subscriptionEvents.kind,
        actor: subscriptionEvents.actor,
        occurredAt: subscriptionEvents.occurredAt,
      })
      .from(subscriptionEvents)
      .where(eq(subscriptionEvents.customerId, customerId)),
  };
  return zip('customer', files);
}

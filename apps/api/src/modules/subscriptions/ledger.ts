import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nests, nestTransactions, payoutAccounts, users } from '../../db/schema/index.js';
import type { KnownProviderEvent } from '../../payments/event-handlers.js';
import {
  type ProviderDispute,
  type ProviderPayment,
  type ProviderPayout,
  type ProviderRefund,
  REFUND_INITIATED_BY_KEY,
} from '../../payments/money.js';
import type { ProviderName } from '../../payments/port.js';
import { emitWebhookEvent } from '../webhooks/emit-event.js';
import { recordHistory } from './history.js';
import type { NestSyncContext } from './sync-nest-subscription.js';

type LedgerRow = typeof nestTransactions.$inferSelect;
type NewLedgerRow = typeof nestTransactions.$inferInsert;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The nest a connected account pays: its merchant's, through their payout account. */
async function nestOfAccount(tx: Tx, provider: ProviderName, accountId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ nestId: nests.id })
    .from(payoutAccounts)
    .innerJoin(nests, eq(nests.ownerId, payoutAccounts.userId))
    .where(and(eq(payoutAccounts.provider, provider), eq(payoutAccounts.providerAccountId, accountId)));
  return row?.nestId;
}

/** The payout row of the nest whose contents name this provider id, if one came already. */
async function payoutSettling(tx: Tx, provider: ProviderName, nestId: string, objectId: string) {
  const [row] = await tx
    .select({ id: nestTransactions.providerObjectId })
    .from(nestTransactions)
    .where(
      and(
        eq(nestTransactions.nestId, nestId),
        eq(nestTransactions.provider, provider),
        eq(nestTransactions.kind, 'payout'),
        sql`${nestTransactions.settles} @> ${JSON.stringify([objectId])}::jsonb`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * Writes one row keyed by the provider's id: a new one, or the same one brought up to date (status,
 * fees, settlement). Rows come back from any number of events in any order to the same state.
 */
async function upsertRow(tx: Tx, row: NewLedgerRow & { providerObjectId: string }): Promise<void> {
  const payoutId =
    row.kind === 'payout' ? null : await payoutSettling(tx, row.provider, row.nestId, row.providerObjectId);
  await tx
    .insert(nestTransactions)
    .values({ ...row, providerPayoutId: payoutId })
    .onConflictDoUpdate({
      target: [nestTransactions.provider, nestTransactions.kind, nestTransactions.providerObjectId],
      set: {
        status: row.status,
        amountCents: row.amountCents,
        feeCents: row.feeCents,
        netCents: row.netCents,
        reason: row.reason ?? null,
        settles: row.settles ?? null,
        // A row written before its payment was known learns its customer when it is.
        subscriptionId: sql`coalesce(${nestTransactions.subscriptionId}, excluded.subscription_id)`,
        customerId: sql`coalesce(${nestTransactions.customerId}, excluded.customer_id)`,
        ...(payoutId ? { providerPayoutId: payoutId } : {}),
        updatedAt: new Date(),
      },
    });
}

async function paymentRow(tx: Tx, provider: ProviderName, paymentId: string): Promise<LedgerRow | undefined> {
  const [row] = await tx
    .select()
    .from(nestTransactions)
    .where(
      and(
        eq(nestTransactions.provider, provider),
        eq(nestTransactions.kind, 'payment'),
        eq(nestTransactions.providerPaymentId, paymentId),
      ),
    );
  return row;
}

/** Who asked for a refund, when a merchant did from the app (and still exists). */
async function initiator(tx: Tx, refund: ProviderRefund): Promise<string | null> {
  const id = refund.metadata[REFUND_INITIATED_BY_KEY];
  if (!id || !UUID.test(id)) return null;
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id));
  return user?.id ?? null;
}

/** A payment's refunds, and its processing fee once the provider reports it. */
export async function recordPaymentMoney(
  provider: ProviderName,
  tx: Tx,
  nestId: string,
  payment: ProviderPayment,
): Promise<void> {
  const paid = await paymentRow(tx, provider, payment.id);
  if (paid && payment.processingFeeCents !== null && paid.processingFeeCents !== payment.processingFeeCents) {
    await tx
      .update(nestTransactions)
      .set({
        processingFeeCents: payment.processingFeeCents,
        netCents: paid.amountCents - paid.feeCents - payment.processingFeeCents,
        updatedAt: new Date(),
      })
      .where(eq(nestTransactions.id, paid.id));
  }
  for (const refund of payment.refunds) {
    const amount = -refund.amountCents;
    const fee = -refund.applicationFeeRefundedCents;
    const initiatedBy = await initiator(tx, refund);
    await upsertRow(tx, {
      nestId: paid?.nestId ?? nestId,
      subscriptionId: paid?.subscriptionId ?? null,
      customerId: paid?.customerId ?? null,
      kind: 'refund',
      status: refund.status,
      amountCents: amount,
      feeCents: fee,
      netCents: amount - fee,
      currency: refund.currency,
      provider,
      providerObjectId: refund.id,
      providerPaymentId: payment.id,
      initiatedBy,
      reason: refund.reason,
      occurredAt: refund.createdAt,
    });
    // The customer's history (ADR 155): once per refund, when it has given the money back, naming the
    // merchant who asked from the app (else the provider: a refund made on its own dashboard).
    if (paid?.customerId && refund.status === 'succeeded') {
      const first = await recordHistory(tx, {
        nestId: paid.nestId,
        customerId: paid.customerId,
        subscriptionId: paid.subscriptionId,
        kind: 'refunded',
        actor: initiatedBy ? { kind: 'merchant', merchantId: initiatedBy } : { kind: 'provider' },
        dedupeKey: `refunded:${provider}:${refund.id}`,
        occurredAt: refund.createdAt,
      });
      // The merchant's integrations hear of it once too, with the amount (ADR 176).
      if (first) {
        await emitWebhookEvent(tx, {
          nestId: paid.nestId,
          type: 'refund.issued',
          data: {
            refund_id: refund.id,
            payment_id: payment.id,
            subscription_id: paid.subscriptionId,
            customer_id: paid.customerId,
            amount_cents: refund.amountCents,
            currency: refund.currency,
            actor: initiatedBy ? 'merchant' : 'provider',
            occurred_at: refund.createdAt.toISOString(),
          },
        });
      }
    }
  }
}

/** A payout to the merchant's bank, and the rows it settles stamped with it. */
export async function recordPayout(
  provider: ProviderName,
  tx: Tx,
  nestId: string,
  payout: ProviderPayout,
): Promise<void> {
  await upsertRow(tx, {
    nestId,
    kind: 'payout',
    status: payout.status,
    amountCents: -payout.amountCents,
    feeCents: 0,
    netCents: -payout.amountCents,
    currency: payout.currency,
    provider,
    providerObjectId: payout.id,
    settles: payout.settles,
    occurredAt: payout.createdAt,
  });
  if (payout.settles.length === 0) return;
  await tx
    .update(nestTransactions)
    .set({ providerPayoutId: payout.id, updatedAt: new Date() })
    .where(
      and(
        eq(nestTransactions.nestId, nestId),
        eq(nestTransactions.provider, provider),
        inArray(nestTransactions.providerObjectId, payout.settles),
        sql`${nestTransactions.kind} <> 'payout'`,
      ),
    );
}

/** A dispute takes its amount while it lasts; a won one gives it back (a second row). */
export async function recordDispute(
  provider: ProviderName,
  tx: Tx,
  nestId: string,
  dispute: ProviderDispute,
): Promise<void> {
  const paid = await paymentRow(tx, provider, dispute.paymentId);
  const common = {
    nestId: paid?.nestId ?? nestId,
    subscriptionId: paid?.subscriptionId ?? null,
    customerId: paid?.customerId ?? null,
    feeCents: 0,
    currency: dispute.currency,
    provider,
    providerObjectId: dispute.id,
    providerPaymentId: dispute.paymentId,
    reason: dispute.reason,
  };
  await upsertRow(tx, {
    ...common,
    kind: 'dispute',
    status: dispute.status,
    amountCents: -dispute.amountCents,
    netCents: -dispute.amountCents,
    occurredAt: dispute.createdAt,
  });
  if (dispute.fundsReinstated) {
    await upsertRow(tx, {
      ...common,
      kind: 'dispute_reversal',
      status: 'succeeded',
      amountCents: dispute.amountCents,
      netCents: dispute.amountCents,
      occurredAt: new Date(),
    });
  }
}

/**
 * After a payment row is first written: the refunds and disputes that arrived before it learn their
 * customer, and it learns the payout that carried it, if that came first.
 */
export async function linkPaymentRow(tx: Tx, payment: LedgerRow): Promise<void> {
  if (!payment.providerPaymentId) return;
  await tx
    .update(nestTransactions)
    .set({ subscriptionId: payment.subscriptionId, customerId: payment.customerId, updatedAt: new Date() })
    .where(
      and(
        eq(nestTransactions.provider, payment.provider),
        eq(nestTransactions.providerPaymentId, payment.providerPaymentId),
        isNull(nestTransactions.subscriptionId),
        sql`${nestTransactions.kind} <> 'payment'`,
      ),
    );
  const payoutId = await payoutSettling(tx, payment.provider, payment.nestId, payment.providerPaymentId);
  if (payoutId) {
    await tx
      .update(nestTransactions)
      .set({ providerPayoutId: payoutId })
      .where(eq(nestTransactions.id, payment.id));
  }
}

/**
 * The ledger's handler for events on a connected account (ADR 120): refunds and fees of a payment,
 * payouts, disputes. Each reads the object again from the provider (inside the webhook, never on a
 * page view) and writes rows keyed by the provider's ids.
 */
export async function applyLedgerEvent(
  ctx: Pick<NestSyncContext, 'provider'>,
  tx: Tx,
  event: KnownProviderEvent,
): Promise<boolean> {
  const accountId = event.accountId;
  if (!accountId) return false;
  const provider = ctx.provider.name;
  if (!['payment.updated', 'payout.updated', 'dispute.updated'].includes(event.neutralType)) return false;
  const nestId = await nestOfAccount(tx, provider, accountId);
  if (!nestId) return false;
  // One writer per connected account at a time: concurrent events about one payout or payment serialise.
  await tx.execute(sql`select pg_advisory_xact_lock(7210434, hashtext(${`${provider}:${accountId}`}))`);
  switch (event.neutralType) {
    case 'payment.updated': {
      const payment = await ctx.provider.retrieveNestPayment(accountId, { id: event.objectId }, { tx });
      if (!payment) return false;
      await recordPaymentMoney(provider, tx, nestId, payment);
      return true;
    }
    case 'payout.updated': {
      const payout = await ctx.provider.retrieveNestPayout(accountId, event.objectId, { tx });
      if (!payout) return false;
      await recordPayout(provider, tx, nestId, payout);
      return true;
    }
    case 'dispute.updated': {
      const dispute = await ctx.provider.retrieveNestDispute(accountId, event.objectId, { tx });
      if (!dispute) return false;
      await recordDispute(provider, tx, nestId, dispute);
      return true;
    }
    default:
      return false;
  }
}

import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { sandboxPaymentAttempts, sandboxPayouts, sandboxRefunds } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { refundedFeeCents } from '../application-fee.js';
import type { NestMoneyProvider, ProviderPayment, ProviderRefund } from '../money.js';
import { clockOffsetSeconds, sandboxNow, shift } from './clock.js';
import { inTransaction, type SandboxDeps } from './context.js';
import { emitEvent } from './emit-event.js';
import { sandboxId } from './ids.js';

type AttemptRow = typeof sandboxPaymentAttempts.$inferSelect;
type RefundRow = typeof sandboxRefunds.$inferSelect;

function refundToPort(row: RefundRow, offset: number): ProviderRefund {
  return {
    id: row.id,
    paymentId: row.paymentId,
    amountCents: row.amountCents,
    applicationFeeRefundedCents: row.applicationFeeRefundedCents,
    currency: row.currency,
    status: row.status,
    reason: (row.metadata.reason as string | undefined) ?? null,
    metadata: row.metadata,
    createdAt: shift(row.createdAt, -offset),
  };
}

async function paymentToPort(tx: Tx, attempt: AttemptRow): Promise<ProviderPayment> {
  const offset = await clockOffsetSeconds(tx, attempt.ownerId);
  const refunds = await tx
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.paymentId, attempt.id))
    .orderBy(asc(sandboxRefunds.createdAt), asc(sandboxRefunds.id));
  return {
    id: attempt.id,
    invoiceId: attempt.invoiceId,
    amountCents: attempt.amountCents,
    currency: attempt.currency,
    applicationFeeCents: attempt.applicationFeeCents,
    // The sandbox charges no processing fee of its own: it reports none.
    processingFeeCents: null,
    refunds: refunds.map((r) => refundToPort(r, offset)),
    createdAt: shift(attempt.createdAt, -offset),
  };
}

/** The charge object of charge.refunded, shaped as Stripe's (the app reads the payment again anyway). */
function emittedCharge(attempt: AttemptRow, refundedCents: number) {
  return {
    id: attempt.id,
    object: 'charge' as const,
    payment_intent: attempt.id,
    amount: attempt.amountCents,
    amount_refunded: refundedCents,
    refunded: refundedCents >= attempt.amountCents,
    currency: attempt.currency,
  };
}

/**
 * Refunds, payments and payouts on the sandbox's connected accounts. A refund is immediate (succeeded),
 * emits charge.refunded as Stripe does, and lowers the balance the next payout carries. Disputes
 * cannot happen in the sandbox: no card of its own disputes a payment.
 */
export function sandboxMoney(deps: SandboxDeps): NestMoneyProvider {
  const run = <T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>) => inTransaction(deps, tx, fn);
  return {
    createNestRefund: (accountId, input, { tx, idempotencyKey }) =>
      run(tx, async (t) => {
        const [attempt] = await t
          .select()
          .from(sandboxPaymentAttempts)
          .where(
            and(
              eq(sandboxPaymentAttempts.id, input.paymentId),
              eq(sandboxPaymentAttempts.accountId, accountId),
            ),
          )
          .for('update');
        if (!attempt) throw new AppError('not_found');
        const offset = await clockOffsetSeconds(t, attempt.ownerId);
        const [again] = await t
          .select()
          .from(sandboxRefunds)
          .where(
            and(eq(sandboxRefunds.accountId, accountId), eq(sandboxRefunds.idempotencyKey, idempotencyKey)),
          );
        if (again) return refundToPort(again, offset);
        if (attempt.status !== 'succeeded') throw new AppError('not_refundable');
        const [done] = await t
          .select({ cents: sql<string>`coalesce(sum(${sandboxRefunds.amountCents}), 0)` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.paymentId, attempt.id));
        const already = Number(done?.cents ?? 0);
        const left = attempt.amountCents - already;
        if (!Number.isInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > left) {
          throw new AppError('refund_exceeds_payment', {
            params: { left: `${(left / 100).toFixed(2)} ${attempt.currency.toUpperCase()}` },
          });
        }
        // The fee given back so far plus this one never exceed the fee: the last refund takes the rest.
        const [feeBack] = await t
          .select({ cents: sql<string>`coalesce(sum(${sandboxRefunds.applicationFeeRefundedCents}), 0)` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.paymentId, attempt.id));
        const feeAlready = Number(feeBack?.cents ?? 0);
        const fee =
          input.amountCents === left
            ? attempt.applicationFeeCents - feeAlready
            : Math.min(
                refundedFeeCents(attempt.amountCents, attempt.applicationFeeCents, input.amountCents),
                attempt.applicationFeeCents - feeAlready,
              );
        const now = await sandboxNow(t, attempt.ownerId);
        const [refund] = await t
          .insert(sandboxRefunds)
          .values({
            id: sandboxId('re'),
            ownerId: attempt.ownerId,
            accountId,
            paymentId: attempt.id,
            amountCents: input.amountCents,
            applicationFeeRefundedCents: fee,
            currency: attempt.currency,
            status: 'succeeded',
            metadata: { ...input.metadata, ...(input.reason ? { reason: input.reason } : {}) },
            idempotencyKey,
            createdAt: now,
          })
          .returning();
        await emitEvent(deps, t, {
          ownerId: attempt.ownerId,
          accountId,
          type: 'charge.refunded',
          object: emittedCharge(attempt, already + input.amountCents),
          occurredAt: now,
        });
        return refundToPort(refund!, offset);
      }),

    retrieveNestPayment: (accountId, ref, options = {}) =>
      run(options.tx, async (t) => {
        const [attempt] = await t
          .select()
          .from(sandboxPaymentAttempts)
          .where(
            and(
              eq(sandboxPaymentAttempts.accountId, accountId),
              'id' in ref
                ? eq(sandboxPaymentAttempts.id, ref.id)
                : and(
                    eq(sandboxPaymentAttempts.invoiceId, ref.invoiceId),
                    eq(sandboxPaymentAttempts.status, 'succeeded'),
                  ),
            ),
          )
          .limit(1);
        return attempt && attempt.status === 'succeeded' ? paymentToPort(t, attempt) : null;
      }),

    retrieveNestPayout: (accountId, payoutId, options = {}) =>
      run(options.tx, async (t) => {
        const [payout] = await t
          .select()
          .from(sandboxPayouts)
          .where(and(eq(sandboxPayouts.id, payoutId), eq(sandboxPayouts.accountId, accountId)));
        if (!payout) return null;
        const offset = await clockOffsetSeconds(t, payout.ownerId);
        const [payments, refunds] = await Promise.all([
          t
            .select({ id: sandboxPaymentAttempts.id })
            .from(sandboxPaymentAttempts)
            .where(eq(sandboxPaymentAttempts.payoutId, payout.id)),
          t
            .select({ id: sandboxRefunds.id })
            .from(sandboxRefunds)
            .where(eq(sandboxRefunds.payoutId, payout.id)),
        ]);
        return {
          id: payout.id,
          amountCents: payout.amountCents,
          currency: payout.currency,
          status: payout.status,
          arrivalDate: shift(payout.arrivalDate, -offset),
          createdAt: shift(payout.createdAt, -offset),
          settles: [...payments, ...refunds].map((r) => r.id).sort(),
        };
      }),

    retrieveNestDispute: async () => null,
  };
}

/** Marks what a payout carries: every settled payment and refund of the account up to `at` not yet paid out. */
export async function settleIntoPayout(
  tx: Tx,
  accountId: string,
  at: Date,
): Promise<{ netCents: number; paymentIds: string[]; refundIds: string[] }> {
  const payments = await tx
    .select({
      id: sandboxPaymentAttempts.id,
      net: sql<number>`${sandboxPaymentAttempts.amountCents} - ${sandboxPaymentAttempts.applicationFeeCents}`,
    })
    .from(sandboxPaymentAttempts)
    .where(
      and(
        eq(sandboxPaymentAttempts.accountId, accountId),
        eq(sandboxPaymentAttempts.status, 'succeeded'),
        sql`${sandboxPaymentAttempts.payoutId} is null`,
        sql`${sandboxPaymentAttempts.createdAt} <= ${at}`,
      ),
    );
  const refunds = await tx
    .select({
      id: sandboxRefunds.id,
      net: sql<number>`${sandboxRefunds.applicationFeeRefundedCents} - ${sandboxRefunds.amountCents}`,
    })
    .from(sandboxRefunds)
    .where(
      and(
        eq(sandboxRefunds.accountId, accountId),
        sql`${sandboxRefunds.payoutId} is null`,
        sql`${sandboxRefunds.createdAt} <= ${at}`,
      ),
    );
  const netCents = [...payments, ...refunds].reduce((sum, r) => sum + Number(r.net), 0);
  return { netCents, paymentIds: payments.map((p) => p.id), refundIds: refunds.map((r) => r.id) };
}

/** Stamps the payout on what it carries. */
export async function markSettled(
  tx: Tx,
  payoutId: string,
  settled: { paymentIds: string[]; refundIds: string[] },
): Promise<void> {
  if (settled.paymentIds.length > 0) {
    await tx
      .update(sandboxPaymentAttempts)
      .set({ payoutId })
      .where(inArray(sandboxPaymentAttempts.id, settled.paymentIds));
  }
  if (settled.refundIds.length > 0) {
    await tx.update(sandboxRefunds).set({ payoutId }).where(inArray(sandboxRefunds.id, settled.refundIds));
  }
}

import { formatMoney, type Locale, type RefundBody, type RefundResult } from '@nest/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestTransactions, payoutAccounts } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { REFUND_INITIATED_BY_KEY } from '../../payments/money.js';
import type { PaymentProvider } from '../../payments/port.js';

/** A merchant may refund 20 payments an hour: a mistake or a stolen session cannot drain the balance. */
export const REFUND_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 } as const;

export interface RefundContext {
  db: Db;
  provider: PaymentProvider;
  limiter: RateLimiter;
}

/**
 * Refunds all or part of one of the nest's customer payments through the provider, on the merchant's
 * connected account. What is left to refund is the payment less its refunds the ledger knows of; the
 * provider refuses more as well (a refund asked twice in flight). The ledger's refund row comes with
 * the provider's event, carrying who asked. The idempotency key is the request's: a retried request
 * refunds once.
 */
export async function refundPayment(
  ctx: RefundContext,
  input: {
    userId: string;
    nestId: string;
    transactionId: string;
    body: RefundBody;
    locale: Locale;
    requestKey: string;
  },
): Promise<RefundResult> {
  const [payment] = await ctx.db
    .select()
    .from(nestTransactions)
    .where(and(eq(nestTransactions.id, input.transactionId), eq(nestTransactions.nestId, input.nestId)));
  if (!payment) throw notFound();
  if (payment.kind !== 'payment' || payment.status !== 'succeeded' || !payment.providerPaymentId) {
    throw new AppError('not_refundable');
  }
  await enforceRateLimit(ctx.limiter, [{ key: `refund:user:${input.userId}`, ...REFUND_LIMIT }]);
  const [refunded] = await ctx.db
    .select({ cents: sql<string>`coalesce(sum(-${nestTransactions.amountCents}), 0)` })
    .from(nestTransactions)
    .where(
      and(
        eq(nestTransactions.provider, payment.provider),
        eq(nestTransactions.providerPaymentId, payment.providerPaymentId),
        eq(nestTransactions.kind, 'refund'),
        sql`${nestTransactions.status} in ('succeeded', 'pending')`,
      ),
    );
  const left = payment.amountCents - Number(refunded?.cents ?? 0);
  if (input.body.amount_cents > left) {
    throw new AppError('refund_exceeds_payment', {
      params: { left: formatMoney(Math.max(0, left), payment.currency, input.locale) },
    });
  }
  const [account] = await ctx.db
    .select({ id: payoutAccounts.providerAccountId })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.userId, input.userId), eq(payoutAccounts.provider, payment.provider)));
  if (!account || payment.provider !== ctx.provider.name) throw new AppError('not_refundable');
  const refund = await ctx.provider.createNestRefund(
    account.id,
    {
      paymentId: payment.providerPaymentId,
      amountCents: input.body.amount_cents,
      reason: input.body.reason,
      metadata: { [REFUND_INITIATED_BY_KEY]: input.userId, nest_transaction_id: payment.id },
    },
    { idempotencyKey: `nest-refund:${payment.id}:${input.requestKey}` },
  );
  return {
    refund_id: refund.id,
    amount_cents: refund.amountCents,
    currency: refund.currency,
    status: refund.status,
  };
}

import {
  merchantIdParamsSchema,
  nestInvoicePageSchema,
  nestInvoicesQuerySchema,
  problemSchema,
  refundBodySchema,
  refundResultSchema,
  transactionPageSchema,
  transactionParamsSchema,
  transactionsQuerySchema,
} from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { nests, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { requestLocale } from '../../lib/i18n.js';
import { requireOwnMerchantId } from '../../plugins/auth.js';
import { listNestInvoices } from './list-nest-invoices.js';
import { listTransactions } from './list-transactions.js';
import { refundPayment } from './refund-payment.js';

const security = [{ merchantSession: [] }];
const errors = { 400: problemSchema, 401: problemSchema, 404: problemSchema };

/** The merchant's nest and time zone; a merchant without a nest yet has an empty ledger. */
async function ownNest(db: Db, userId: string) {
  const [row] = await db
    .select({ nestId: nests.id, timeZone: users.timeZone })
    .from(users)
    .leftJoin(nests, eq(nests.ownerId, users.id))
    .where(eq(users.id, userId));
  return row ?? { nestId: null, timeZone: 'Europe/Paris' };
}

/**
 * The money view's calls (ADR 120, 121): the nest's ledger, its customer invoices, and the refund of
 * a payment. The caller's own id only: anyone else's is a 404, as every /users/{id} route.
 */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/:id/stripe/transactions',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['revenue'],
        summary: 'The nest’s ledger: payments, refunds, disputes and payouts, newest first',
        description:
          'Cursor-paginated (next_cursor). Filters: kind, offer_id, and from/to days (YYYY-MM-DD, inclusive) in the merchant’s time zone. Amounts are signed cents from the merchant’s balance. Read from our ledger, which the provider’s events keep up to date.',
        security,
        params: merchantIdParamsSchema,
        querystring: transactionsQuerySchema,
        response: { 200: transactionPageSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireOwnMerchantId(request, request.params.id);
      const { nestId, timeZone } = await ownNest(app.db, userId);
      if (!nestId) return { transactions: [], next_cursor: null };
      const q = request.query;
      return listTransactions(app.db, {
        nestId,
        timeZone,
        kind: q.kind,
        offerId: q.offer_id,
        from: q.from,
        to: q.to,
        limit: q.limit,
        cursor: q.cursor,
      });
    },
  );

  app.post(
    '/users/:id/stripe/transactions/:transactionId/refund',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['revenue'],
        summary: 'Refund a customer payment, in full or in part',
        description:
          'Refunds amount_cents (at most what is left to refund: 422 refund_exceeds_payment) of one of the nest’s succeeded payments through the payment provider; the platform gives back its fee in proportion. The ledger shows the refund when the provider’s event arrives. 20 refunds an hour per merchant (429). Another nest’s transaction is a 404; anything but a succeeded payment is 409 not_refundable.',
        security,
        params: transactionParamsSchema,
        body: refundBodySchema,
        response: {
          200: refundResultSchema,
          ...errors,
          409: problemSchema,
          422: problemSchema,
          429: problemSchema,
          503: problemSchema,
        },
      },
    },
    async (request) => {
      const userId = requireOwnMerchantId(request, request.params.id);
      const { nestId } = await ownNest(app.db, userId);
      if (!nestId) throw notFound();
      return refundPayment(
        { db: app.db, provider: app.payments, limiter: app.rateLimiter },
        {
          userId,
          nestId,
          transactionId: request.params.transactionId,
          body: request.body,
          locale: requestLocale(request),
          requestKey: request.id,
        },
      );
    },
  );

  app.get(
    '/users/:id/stripe/invoices',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['revenue'],
        summary: 'The nest’s customer invoices, newest first',
        description:
          'Invoices of the nest’s customer subscriptions (the merchant’s own plan invoices are GET /users/{id}/plan/invoices). Cursor-paginated; filters: status (paid, open, uncollectible, void) and from/to days (YYYY-MM-DD, inclusive) of issue in the merchant’s time zone.',
        security,
        params: merchantIdParamsSchema,
        querystring: nestInvoicesQuerySchema,
        response: { 200: nestInvoicePageSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireOwnMerchantId(request, request.params.id);
      const { nestId, timeZone } = await ownNest(app.db, userId);
      if (!nestId) return { invoices: [], next_cursor: null };
      return listNestInvoices(app.db, { nestId, timeZone, ...request.query });
    },
  );
};

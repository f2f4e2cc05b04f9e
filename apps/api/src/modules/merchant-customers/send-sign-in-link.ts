import {
  MERCHANT_SIGN_IN_LINK_PER_CUSTOMER_HOUR,
  MERCHANT_SIGN_IN_LINK_PER_NEST_HOUR,
  type MerchantSignInLinkSent,
} from '@nest/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { nestCustomers, nestSubscriptions } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import { emailFingerprint } from '../../lib/tokens.js';
import { CUSTOMER_LOGIN_JOB } from '../customers/login-code-job.js';
import { isUuid } from '../nests/find-nest.js';
import { recordHistory } from '../subscriptions/history.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The merchant sends one of their customers a fresh sign-in email (code and link to their area, where
 * the pass is): the same email the customer would get by asking, superseding earlier ones. Only for a
 * customer with a subscription in the merchant's nest; limited per customer and per nest.
 */
export async function sendSignInLink(
  app: FastifyInstance,
  input: { nestId: string; customerId: string; merchantId: string },
): Promise<MerchantSignInLinkSent> {
  if (!isUuid(input.customerId)) throw notFound();
  const [customer] = await app.db
    .selectDistinct({ email: nestCustomers.email })
    .from(nestCustomers)
    .innerJoin(nestSubscriptions, eq(nestSubscriptions.customerId, nestCustomers.id))
    .where(and(eq(nestCustomers.id, input.customerId), eq(nestSubscriptions.nestId, input.nestId)));
  if (!customer) throw notFound();
  await enforceRateLimit(app.rateLimiter, [
    {
      key: `merchant-sign-in-link:customer:${input.nestId}:${input.customerId}`,
      limit: MERCHANT_SIGN_IN_LINK_PER_CUSTOMER_HOUR,
      windowMs: HOUR_MS,
    },
    {
      key: `merchant-sign-in-link:nest:${input.nestId}`,
      limit: MERCHANT_SIGN_IN_LINK_PER_NEST_HOUR,
      windowMs: HOUR_MS,
    },
  ]);
  await app.db.transaction(async (tx) => {
    await app.jobs.enqueue(CUSTOMER_LOGIN_JOB, { email: customer.email, nestId: input.nestId }, { tx });
    await recordHistory(tx, {
      nestId: input.nestId,
      customerId: input.customerId,
      subscriptionId: null,
      kind: 'pass_resent',
      actor: { kind: 'merchant', merchantId: input.merchantId },
    });
  });
  app.log.info(
    {
      event: 'customer_login.sent_by_merchant',
      merchantId: input.merchantId,
      nestId: input.nestId,
      email: emailFingerprint(customer.email),
    },
    'sign-in email sent by the merchant',
  );
  return { email: customer.email, sent_at: new Date().toISOString() };
}

import { createHash } from 'node:crypto';
import type { CreateOfferValues } from '@nest/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { offerPrices, offers } from '../../db/schema/index.js';
import type { PaymentProvider } from '../../payments/port.js';
import type { Jobs } from '../../types.js';
import type { NestRow } from '../nests/nest-view.js';
import { ensurePayoutAccount } from '../payouts/ensure-payout-account.js';
import { checkRewardRuleOfOwner } from './check-reward-rule.js';
import {
  discardAfterFailure,
  type MadeAtProvider,
  revivePrice,
  reviveProduct,
} from './discard-provider-objects.js';
import { loadOffer } from './load-offers.js';
import type { OfferWithVersions } from './offer-view.js';

export interface CreateOfferInput {
  nest: NestRow;
  body: CreateOfferValues;
  /** The client's Idempotency-Key, or one made for this request. */
  requestKey: string;
}

function fingerprint(...parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

async function findByRequestKey(db: Db, nestId: string, requestKey: string) {
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.nestId, nestId), eq(offers.requestKey, requestKey)))
    .limit(1);
  return row;
}

/**
 * Creates an offer. A reward rule needs a plan that has it (403 plan_required); the product and price
 * are made on the merchant's connected account, opened here the first time.
 */
export async function createOffer(
  { db, provider, jobs }: { db: Db; provider: PaymentProvider; jobs: Jobs },
  { nest, body, requestKey }: CreateOfferInput,
): Promise<{ offer: OfferWithVersions; created: boolean }> {
  await checkRewardRuleOfOwner(db, nest.ownerId, body.reward_rule);
  const account = await ensurePayoutAccount(db, provider, nest);
  const accountId = account.providerAccountId;
  const made: MadeAtProvider = { accountId };
  try {
    return await makeOffer(db, provider, { nest, accountId, body, requestKey }, made);
  } catch (error) {
    // Whatever failed after the provider made something (the price, our transaction), it must not
    // stay on sale in the merchant's account without an offer of ours.
    if (made.productId) await discardAfterFailure({ db, provider, jobs }, made, error);
    throw error;
  }
}

/**
 * Makes the offer: first the provider's product and price, each with an idempotency key derived from
 * the request key, then our rows in one transaction. What the provider made is noted in `made` for
 * the caller to discard if anything fails. The retry with the same key finds the provider objects
 * already made (revived if discarded) instead of making new ones. A key that already made an offer
 * answers that offer (created: false).
 */
async function makeOffer(
  db: Db,
  provider: PaymentProvider,
  { nest, accountId, body, requestKey }: CreateOfferInput & { accountId: string },
  made: MadeAtProvider,
): Promise<{ offer: OfferWithVersions; created: boolean }> {
  const done = await findByRequestKey(db, nest.id, requestKey);
  if (done) return { offer: await loadOffer(db, done), created: false };

  // The keys also name what is sent: a retry that corrected a field is a new provider request, where
  // the provider would refuse a known key with other parameters.
  const keyBase = `nest:${nest.id}:offer:${requestKey}`;
  const metadata = { nest_id: nest.id, request_key: requestKey };
  const description = body.description || null;
  const product = await provider.createProduct(
    accountId,
    { name: body.name, description, metadata },
    { idempotencyKey: `${keyBase}:product:${fingerprint(body.name, description)}` },
  );
  made.productId = product.id;
  await reviveProduct(provider, accountId, product);
  const price = await provider.createPrice(
    accountId,
    {
      productId: product.id,
      amountCents: body.amount_cents,
      currency: 'eur',
      interval: body.interval,
      intervalCount: body.interval_count,
      metadata,
    },
    {
      idempotencyKey: `${keyBase}:price:${fingerprint(product.id, body.amount_cents, body.interval, body.interval_count)}`,
    },
  );
  made.priceId = price.id;
  await revivePrice(provider, accountId, price);

  const created = await db.transaction(async (tx) => {
    // Millisecond creation times keep the list cursor exact.
    const now = new Date();
    const [offer] = await tx
      .insert(offers)
      .values({
        nestId: nest.id,
        name: body.name,
        description,
        grants: body.grants,
        trialDays: body.trial_days,
        capacity: body.capacity,
        usageAllowance: body.usage_allowance,
        rewardRule: body.reward_rule,
        graceDays: body.grace_days,
        customerPauseMaxPeriods: body.customer_pause_max_periods,
        provider: provider.name,
        providerAccountId: accountId,
        providerProductId: product.id,
        requestKey,
        createdAt: now,
        updatedAt: now,
      })
      // The same key sent twice at once: one insert wins, the other answers the winner's offer.
      .onConflictDoNothing({ target: [offers.nestId, offers.requestKey] })
      .returning();
    if (!offer) return undefined;
    await tx.insert(offerPrices).values({
      offerId: offer.id,
      version: 1,
      amountCents: body.amount_cents,
      currency: 'EUR',
      interval: body.interval,
      intervalCount: body.interval_count,
      providerPriceId: price.id,
      createdAt: now,
      updatedAt: now,
    });
    return offer;
  });
  if (created) return { offer: await loadOffer(db, created), created: true };
  const winner = await findByRequestKey(db, nest.id, requestKey);
  if (!winner) throw new Error('Offer insert conflicted but no offer has the request key');
  return { offer: await loadOffer(db, winner), created: false };
}

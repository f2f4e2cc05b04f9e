import { type Locale, maxIntervalCount, type OfferInterval, type UpdateOfferBody } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { offerPrices, offers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { interpolate, messages } from '../../lib/i18n.js';
import type { CatalogProvider, ProviderPrice } from '../../payments/catalog.js';
import type { Jobs } from '../../types.js';
import { checkRewardRuleOfOwner } from './check-reward-rule.js';
import { enqueuePriceDeactivation } from './deactivate-price-job.js';
import { discardAfterFailure, revivePrice } from './discard-provider-objects.js';
import { hasEverHadSubscribers, loadOffer } from './load-offers.js';
import { currentVersion, type OfferRow, type OfferWithVersions } from './offer-view.js';

export interface UpdateOfferDeps {
  db: Db;
  provider: CatalogProvider;
  jobs: Jobs;
}

function intervalCountTooBig(locale: Locale, interval: OfferInterval): AppError {
  const maximum = maxIntervalCount[interval];
  return new AppError('validation_failed', {
    fields: [
      {
        field: 'interval_count',
        code: 'too_big_number',
        message: interpolate(messages(locale).fields.too_big_number, { maximum }),
      },
    ],
  });
}

/**
 * Edits an offer. A new amount or billing interval needs a new provider price (provider prices are
 * immutable). If anybody ever subscribed to the current version, the new price becomes a new version
 * that only new subscribers get; otherwise the current version takes it in place. Either way the
 * replaced provider price is deactivated once our transaction commits.
 *
 * Provider calls come first, keyed by the offer's revision, so a retry after a provider error reuses
 * what was made; the transaction then checks the revision did not move meanwhile (409 otherwise). A
 * transaction that fails discards the new price (ADR 104).
 */
export async function updateOffer(
  { db, provider, jobs }: UpdateOfferDeps,
  {
    offer,
    ownerId,
    body,
    locale,
  }: { offer: OfferRow; ownerId: string; body: UpdateOfferBody; locale: Locale },
): Promise<OfferWithVersions> {
  // A reward rule needs a plan that has it (403 plan_required).
  await checkRewardRuleOfOwner(db, ownerId, body.reward_rule);
  const loaded = await loadOffer(db, offer);
  const current = currentVersion(loaded.versions);
  const interval = body.interval ?? current.interval;
  const intervalCount = body.interval_count ?? current.intervalCount;
  if (intervalCount > maxIntervalCount[interval]) throw intervalCountTooBig(locale, interval);
  const amountCents = body.amount_cents ?? current.amountCents;
  const priceChanged =
    amountCents !== current.amountCents ||
    interval !== current.interval ||
    intervalCount !== current.intervalCount;
  const name = body.name ?? offer.name;
  const description = body.description === undefined ? offer.description : body.description || null;
  const productChanged = name !== offer.name || description !== offer.description;

  const keyBase = `offer:${offer.id}:rev:${offer.revision}`;
  if (productChanged) {
    await provider.updateProduct(
      offer.providerAccountId,
      offer.providerProductId,
      { name, description },
      { idempotencyKey: `${keyBase}:product` },
    );
  }
  let newPrice: ProviderPrice | undefined;
  if (priceChanged) {
    newPrice = await provider.createPrice(
      offer.providerAccountId,
      {
        productId: offer.providerProductId,
        amountCents,
        currency: 'eur',
        interval,
        intervalCount,
        metadata: { nest_id: offer.nestId, offer_id: offer.id },
      },
      { idempotencyKey: `${keyBase}:price` },
    );
    await revivePrice(provider, offer.providerAccountId, newPrice);
  }

  const saving = db.transaction(async (tx) => {
    const [locked] = await tx.select().from(offers).where(eq(offers.id, offer.id)).for('update');
    if (!locked || locked.revision !== offer.revision) return undefined;
    const now = new Date();
    if (newPrice) {
      if (await hasEverHadSubscribers(tx, current.id)) {
        await tx.insert(offerPrices).values({
          offerId: offer.id,
          version: current.version + 1,
          amountCents,
          currency: current.currency,
          interval,
          intervalCount,
          providerPriceId: newPrice.id,
          createdAt: now,
          updatedAt: now,
        });
      } else {
        await tx
          .update(offerPrices)
          .set({ amountCents, interval, intervalCount, providerPriceId: newPrice.id, updatedAt: now })
          .where(eq(offerPrices.id, current.id));
      }
      if (current.providerPriceId !== newPrice.id) {
        await enqueuePriceDeactivation(jobs, tx, offer.providerAccountId, current.providerPriceId);
      }
    }
    const [row] = await tx
      .update(offers)
      .set({
        name,
        description,
        ...(body.grants !== undefined ? { grants: body.grants } : {}),
        ...(body.trial_days !== undefined ? { trialDays: body.trial_days } : {}),
        ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
        ...(body.usage_allowance !== undefined ? { usageAllowance: body.usage_allowance } : {}),
        ...(body.reward_rule !== undefined ? { rewardRule: body.reward_rule } : {}),
        ...(body.grace_days !== undefined ? { graceDays: body.grace_days } : {}),
        ...(body.customer_pause_max_periods !== undefined
          ? { customerPauseMaxPeriods: body.customer_pause_max_periods }
          : {}),
        revision: offer.revision + 1,
        updatedAt: now,
      })
      .where(eq(offers.id, offer.id))
      .returning();
    return row;
  });
  const saved = await saving.catch(async (error: unknown) => {
    // The new price must not stay on sale when no version of ours holds it.
    if (newPrice) {
      const made = { accountId: offer.providerAccountId, priceId: newPrice.id };
      await discardAfterFailure({ db, provider, jobs }, made, error);
    }
    throw error;
  });
  if (!saved) {
    // Somebody else edited first: the price made for this attempt must not stay usable.
    if (newPrice) {
      await enqueuePriceDeactivation(jobs, undefined, offer.providerAccountId, newPrice.id);
    }
    throw new AppError('conflict');
  }
  return loadOffer(db, saved);
}

import { type PlanId, seatHoldingStatuses } from '@nest/contracts';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { param, prepared } from '../../db/prepared.js';
import {
  nestLinks,
  nestLogos,
  nests,
  offerPrices,
  offers,
  payoutAccounts,
  planSubscriptions,
  users,
} from '../../db/schema/index.js';
import type { ProviderName } from '../../payments/port.js';
import { monthRevenueSql } from '../revenue/month-revenue.js';

/** Plan statuses whose features stay on (as findMerchantPlan reads them): a late payment keeps them. */
const livePlanStatuses = ['trialing', 'active', 'past_due'] as const;

/**
 * Everything the public page of a link and its checkout need, in one query: the active link by its
 * public id, its offer with the current price version, the nest, its logo, whether the merchant's
 * payout account takes payments, the seats taken (only when the offer has a capacity), the
 * merchant's live plan and, unless that plan has no limit, their revenue this month in their time
 * zone. Anybody may read public pages at any rate: the query joins four rows by primary or unique
 * keys and answers the rest with small indexed subqueries, so the database plans it in a blink
 * (the planner's join search, not the reading, was the cost of one wide join). Nothing is cached.
 */
const publicLinkQuery = prepared('links_public_link', (db, name) => {
  const livePlan = sql<PlanId | null>`(select ${planSubscriptions.plan} from ${planSubscriptions}
    where ${and(eq(planSubscriptions.userId, nests.ownerId), inArray(planSubscriptions.status, [...livePlanStatuses]))})`;
  const currentPrice = db
    .select({
      id: offerPrices.id,
      amountCents: offerPrices.amountCents,
      currency: offerPrices.currency,
      interval: offerPrices.interval,
      intervalCount: offerPrices.intervalCount,
      providerPriceId: offerPrices.providerPriceId,
    })
    .from(offerPrices)
    .where(eq(offerPrices.offerId, offers.id))
    .orderBy(desc(offerPrices.version))
    .limit(1)
    .as('current_price');
  return db
    .select({
      linkId: nestLinks.id,
      nestLinkId: nestLinks.publicId,
      nest: {
        id: nests.id,
        name: nests.name,
        category: nests.category,
        description: nests.description,
        brandColor: nests.brandColor,
        ownerId: nests.ownerId,
        timeZone: nests.timeZone,
      },
      offer: {
        id: offers.id,
        name: offers.name,
        description: offers.description,
        grants: offers.grants,
        trialDays: offers.trialDays,
        capacity: offers.capacity,
        usageAllowance: offers.usageAllowance,
        rewardRule: offers.rewardRule,
        status: offers.status,
        providerAccountId: offers.providerAccountId,
      },
      price: {
        id: currentPrice.id,
        amountCents: currentPrice.amountCents,
        currency: currentPrice.currency,
        interval: currentPrice.interval,
        intervalCount: currentPrice.intervalCount,
        providerPriceId: currentPrice.providerPriceId,
      },
      logoEtag: sql<
        string | null
      >`(select ${nestLogos.etag} from ${nestLogos} where ${eq(nestLogos.nestId, nests.id)})`,
      plan: livePlan,
      payoutsEnabled: sql<boolean | null>`(select ${and(
        eq(payoutAccounts.chargesEnabled, true),
        eq(payoutAccounts.payoutsEnabled, true),
      )}
        from ${payoutAccounts}
        where ${and(eq(payoutAccounts.userId, nests.ownerId), eq(payoutAccounts.provider, param('provider')))}
        order by ${desc(payoutAccounts.createdAt)} limit 1)`,
      // Counted by offer_seats_taken (migration 0011, ADR 117): on the (offer_price_id, status) index
      // for this offer's prices only, whatever the rest of the database holds.
      seatsTaken: sql<string>`case when ${isNull(offers.capacity)} then 0 else offer_seats_taken(${offers.id}, ${sql.raw(
        `array[${seatHoldingStatuses.map((s) => `'${s}'`).join(',')}]::text[]`,
      )}) end`,
      // Enterprise has no limit: its month is not summed at all.
      monthRevenueCents: sql<
        string | null
      >`case when ${livePlan} = 'enterprise' then null else ${monthRevenueSql(
        users.id,
        users.timeZone,
        sql.placeholder('now'),
      )} end`,
    })
    .from(nestLinks)
    .innerJoin(offers, eq(offers.id, nestLinks.offerId))
    .innerJoin(nests, eq(nests.id, nestLinks.nestId))
    .innerJoin(users, eq(users.id, nests.ownerId))
    .innerJoinLateral(currentPrice, sql`true`)
    .where(and(eq(nestLinks.publicId, param('nestLinkId')), eq(nestLinks.active, true)))
    .limit(1)
    .prepare(name);
});

/**
 * Everything the public page of a link and its checkout need, in one prepared query (above): a
 * page anybody may load at any rate is planned once per connection, not built and parsed per visit.
 */
export async function readPublicLink(db: Tx, provider: ProviderName, nestLinkId: string, now: Date) {
  const [row] = await publicLinkQuery(db).execute({ provider, nestLinkId, now: now.toISOString() });
  if (!row) return undefined;
  return {
    ...row,
    payoutsEnabled: row.payoutsEnabled === true,
    // Counts and sums come back as numeric strings; they stay integers.
    seatsTaken: Number(row.seatsTaken),
    monthRevenueCents: row.monthRevenueCents === null ? null : Number(row.monthRevenueCents),
  };
}

export type PublicLinkRead = NonNullable<Awaited<ReturnType<typeof readPublicLink>>>;

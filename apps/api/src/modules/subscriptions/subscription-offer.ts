import { eq } from 'drizzle-orm';
import { nestSubscriptions, offerPrices, offers } from '../../db/schema/index.js';

/**
 * The price version a subscription pays, and the offer that price belongs to: the one place the
 * subscription → price → offer join is written. Spread into a query from nest_subscriptions:
 * `.innerJoin(...subscriptionPrice).innerJoin(...priceOffer)`. Two join arguments rather than a
 * query builder, so each caller keeps Drizzle's typing of its own selection and left joins.
 */
export const subscriptionPrice = [offerPrices, eq(offerPrices.id, nestSubscriptions.offerPriceId)] as const;
export const priceOffer = [offers, eq(offers.id, offerPrices.offerId)] as const;

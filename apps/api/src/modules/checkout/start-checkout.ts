import { randomUUID } from 'node:crypto';
import { type CheckoutStarted, isNestLinkId, type Locale, type StartCheckoutBody } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestCheckouts } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { PaymentProvider } from '../../payments/port.js';
import { availabilityOf, availabilityProblem } from '../links/link-availability.js';
import { countCheckoutStarted } from '../links/link-counters.js';
import { linkUrl } from '../links/link-view.js';
import { isCurrentPrice } from '../links/price-version.js';
import { readPublicLink } from '../links/read-public-link.js';
import { logoUrl } from '../nests/nest-view.js';
import { toProviderMetadata } from '../subscriptions/subscription-metadata.js';
import { formatOfferPrice } from './format-offer-price.js';
import { lockOfferSeats, pendingSessionId, SEAT_HOLD_MINUTES, seatsTakenNow } from './seat-hold.js';

export interface StartCheckoutContext {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  platformFeeBps: number;
}

/** Where the provider sends the buyer back; it replaces {CHECKOUT_SESSION_ID} with the session's id. */
export const successUrl = (publicUrl: string) =>
  `${publicUrl}/client/app/subscriptions/success?session_id={CHECKOUT_SESSION_ID}`;

/**
 * Starts a customer's subscription through a link: the same checks as the public page (archived,
 * payouts, capacity, revenue limit), then the price the visitor saw must still be the price (else
 * 409 price_changed with the new one), then a checkout on the merchant's connected account for the
 * current version's provider price with the platform's fee. A limited offer's place is held for the
 * checkout first (seat-hold.ts). The checkout is recorded and counted on the link; the subscription itself is made by the webhook when the customer has paid.
 */
export async function startCheckout(
  ctx: StartCheckoutContext,
  nestLinkId: string,
  body: StartCheckoutBody,
  locale: Locale,
): Promise<CheckoutStarted> {
  if (!isNestLinkId(nestLinkId)) throw notFound();
  const read = await readPublicLink(ctx.db, ctx.provider.name, nestLinkId, new Date());
  if (!read) throw notFound();
  const availability = availabilityOf(read);
  if (availability !== 'open') throw availabilityProblem(availability, read.nest.name);
  if (!isCurrentPrice(body.price_version_id, read.price)) {
    throw new AppError('price_changed', {
      status: 409,
      params: { price: formatOfferPrice(read.price, locale) },
    });
  }

  const checkoutId = randomUUID();
  const email = body.email.trim();
  const metadata = toProviderMetadata({
    nestId: read.nest.id,
    offerPriceId: read.price.id,
    linkId: read.linkId,
    checkoutId,
    email,
    name: body.name,
    locale,
    feeBps: ctx.platformFeeBps,
  });
  const limited = read.offer.capacity !== null;
  const row = {
    id: checkoutId,
    nestId: read.nest.id,
    linkId: read.linkId,
    offerPriceId: read.price.id,
    provider: ctx.provider.name,
    providerAccountId: read.offer.providerAccountId,
    providerSessionId: pendingSessionId(checkoutId),
    email,
    name: body.name,
    locale,
  };
  if (limited) await holdSeat(ctx.db, read.offer.id, read.offer.capacity!, row, read.nest.name);

  let session: { id: string; url: string };
  try {
    session = await ctx.provider.createNestCheckout(
      read.offer.providerAccountId,
      {
        priceId: read.price.providerPriceId,
        customerEmail: email,
        customerName: body.name,
        applicationFeeBps: ctx.platformFeeBps,
        trialDays: read.offer.trialDays,
        successUrl: successUrl(ctx.publicUrl),
        cancelUrl: linkUrl(ctx.publicUrl, read.nestLinkId),
        locale,
        metadata,
        subscriptionMetadata: metadata,
        // The nest leads on the payment page as on its link page (ADR 197).
        branding: {
          displayName: read.nest.name,
          logoUrl: read.logoEtag ? `${ctx.publicUrl}${logoUrl(read.nest.id, read.logoEtag)}` : null,
          color: read.nest.brandColor,
        },
        // A held place is given back when the hold ends: the session must not outlive it.
        ...(limited ? { expiresInMinutes: SEAT_HOLD_MINUTES } : {}),
      },
      { idempotencyKey: `nest-checkout:${checkoutId}` },
    );
  } catch (error) {
    if (limited) await ctx.db.delete(nestCheckouts).where(eq(nestCheckouts.id, checkoutId));
    throw error;
  }

  await ctx.db.transaction(async (tx) => {
    if (limited) {
      await tx
        .update(nestCheckouts)
        .set({ providerSessionId: session.id })
        .where(eq(nestCheckouts.id, checkoutId));
    } else {
      await tx.insert(nestCheckouts).values({ ...row, providerSessionId: session.id });
    }
    await countCheckoutStarted(tx, read.linkId);
  });
  return { url: session.url };
}

/**
 * Takes a place of a limited offer for this checkout, or refuses it: the count is made again under
 * the offer's lock (the page's count may be a second old, and another buyer may be paying for the
 * last place right now). The checkout row is the hold (seat-hold.ts).
 */
async function holdSeat(
  db: Db,
  offerId: string,
  capacity: number,
  row: typeof nestCheckouts.$inferInsert,
  nestName: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOfferSeats(tx, offerId);
    if ((await seatsTakenNow(tx, offerId, new Date())) >= capacity) {
      throw availabilityProblem('at_capacity', nestName);
    }
    await tx.insert(nestCheckouts).values(row);
  });
}

import { seatHoldingStatuses } from '@nest/contracts';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestSubscriptions, offerPrices, offers } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import type { OfferRow, OfferWithVersions } from './offer-view.js';

/** Subscribers holding a place, per price version. */
export async function countSubscribers(db: Tx, priceIds: string[]): Promise<Map<string, number>> {
  if (priceIds.length === 0) return new Map();
  const rows = await db
    .select({ priceId: nestSubscriptions.offerPriceId, n: count() })
    .from(nestSubscriptions)
    .where(
      and(
        inArray(nestSubscriptions.offerPriceId, priceIds),
        inArray(nestSubscriptions.status, [...seatHoldingStatuses]),
      ),
    )
    .groupBy(nestSubscriptions.offerPriceId);
  return new Map(rows.map((r) => [r.priceId, Number(r.n)]));
}

/** Whether anybody ever subscribed to a version, whatever happened since: such a version is history. */
export async function hasEverHadSubscribers(db: Tx, priceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: nestSubscriptions.id })
    .from(nestSubscriptions)
    .where(eq(nestSubscriptions.offerPriceId, priceId))
    .limit(1);
  return row !== undefined;
}

/** Adds versions and subscriber counts to offer rows, in two queries whatever their number. */
export async function withVersions(db: Tx, rows: OfferRow[]): Promise<OfferWithVersions[]> {
  if (rows.length === 0) return [];
  const versions = await db
    .select()
    .from(offerPrices)
    .where(
      inArray(
        offerPrices.offerId,
        rows.map((r) => r.id),
      ),
    );
  const counts = await countSubscribers(
    db,
    versions.map((v) => v.id),
  );
  return rows.map((offer) => ({
    offer,
    versions: versions.filter((v) => v.offerId === offer.id),
    subscriberCounts: counts,
  }));
}

/** One of the nest's offers; another nest's offer, or no offer, is not found. */
export async function findOwnOffer(db: Tx, nestId: string, offerId: string): Promise<OfferRow> {
  if (!isUuid(offerId)) throw notFound();
  const [row] = await db
    .select()
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.nestId, nestId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function loadOffer(db: Tx, offer: OfferRow): Promise<OfferWithVersions> {
  const [loaded] = await withVersions(db, [offer]);
  if (!loaded) throw notFound();
  return loaded;
}

import { type CreateLinkBody, LINKS_PER_NEST_MAX } from '@nest/contracts';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestLinks, nests } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { NestRow } from '../nests/nest-view.js';
import { findOwnOffer } from '../offers/load-offers.js';
import type { LinkWithOffer } from './link-view.js';
import { generateNestLinkId } from './nest-link-id.js';

/**
 * Creates a link to one of the nest's active offers. The nest row is locked while counting, so two
 * creations at once cannot pass the per-nest maximum together. A public id that already exists (72
 * random bits: it will not happen, but the unique index is the proof) is drawn again.
 */
export async function createLink(db: Db, nest: NestRow, body: CreateLinkBody): Promise<LinkWithOffer> {
  return db.transaction(async (tx) => {
    const offer = await findOwnOffer(tx, nest.id, body.offer_id);
    if (offer.status === 'archived') {
      throw new AppError('offer_archived', { status: 409, params: { nest: nest.name } });
    }
    await tx.select({ id: nests.id }).from(nests).where(eq(nests.id, nest.id)).for('update');
    const [existing] = await tx.select({ n: count() }).from(nestLinks).where(eq(nestLinks.nestId, nest.id));
    if (Number(existing?.n ?? 0) >= LINKS_PER_NEST_MAX) {
      throw new AppError('link_limit_reached', { status: 409, params: { max: LINKS_PER_NEST_MAX } });
    }
    for (let attempt = 0; attempt < 3; attempt++) {
      const [link] = await tx
        .insert(nestLinks)
        .values({ nestId: nest.id, offerId: offer.id, publicId: generateNestLinkId(), label: body.label })
        .onConflictDoNothing({ target: nestLinks.publicId })
        .returning();
      if (link) return { link, offer: { id: offer.id, name: offer.name, status: offer.status } };
    }
    throw new Error('Could not draw an unused nestLinkId');
  });
}

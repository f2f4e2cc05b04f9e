import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { nestLinks, offers } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import type { LinkWithOffer } from './link-view.js';

const withOffer = {
  link: nestLinks,
  offer: { id: offers.id, name: offers.name, status: offers.status },
};

/** Every link of the nest with its offer's name, newest first: one query. */
export async function listLinks(db: Tx, nestId: string): Promise<LinkWithOffer[]> {
  return db
    .select(withOffer)
    .from(nestLinks)
    .innerJoin(offers, eq(offers.id, nestLinks.offerId))
    .where(eq(nestLinks.nestId, nestId))
    .orderBy(desc(nestLinks.createdAt), desc(nestLinks.id));
}

/** One of the nest's links; another nest's link, or no link, is not found. */
export async function findOwnLink(db: Tx, nestId: string, linkId: string): Promise<LinkWithOffer> {
  if (!isUuid(linkId)) throw notFound();
  const [row] = await db
    .select(withOffer)
    .from(nestLinks)
    .innerJoin(offers, eq(offers.id, nestLinks.offerId))
    .where(and(eq(nestLinks.id, linkId), eq(nestLinks.nestId, nestId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

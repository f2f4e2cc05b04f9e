import type { UpdateLinkBody } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestLinks } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { LinkWithOffer } from './link-view.js';

/** Renames a link, or turns it off and on. Turning it off does not touch subscriptions made through it. */
export async function updateLink(
  db: Db,
  current: LinkWithOffer,
  body: UpdateLinkBody,
): Promise<LinkWithOffer> {
  const [link] = await db
    .update(nestLinks)
    .set({
      ...(body.label !== undefined ? { label: body.label } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      updatedAt: new Date(),
    })
    .where(eq(nestLinks.id, current.link.id))
    .returning();
  if (!link) throw notFound();
  return { link, offer: current.offer };
}

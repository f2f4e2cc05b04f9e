import type { OfferStatus } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { offers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { CatalogProvider } from '../../payments/catalog.js';
import { loadOffer } from './load-offers.js';
import type { OfferRow, OfferWithVersions } from './offer-view.js';

/**
 * Archives an offer (no new subscribers; existing ones keep renewing) or restores it. The provider's
 * product follows first, so an archived offer cannot be bought even by a stale checkout. Asking for
 * the status the offer already has changes nothing.
 */
export async function setOfferStatus(
  db: Db,
  provider: CatalogProvider,
  offer: OfferRow,
  status: OfferStatus,
): Promise<OfferWithVersions> {
  if (offer.status === status) return loadOffer(db, offer);
  await provider.updateProduct(
    offer.providerAccountId,
    offer.providerProductId,
    { active: status === 'active' },
    { idempotencyKey: `offer:${offer.id}:rev:${offer.revision}:${status}` },
  );
  const saved = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(offers).where(eq(offers.id, offer.id)).for('update');
    if (!locked || locked.revision !== offer.revision) return undefined;
    const now = new Date();
    const [row] = await tx
      .update(offers)
      .set({
        status,
        archivedAt: status === 'archived' ? now : null,
        revision: offer.revision + 1,
        updatedAt: now,
      })
      .where(eq(offers.id, offer.id))
      .returning();
    return row;
  });
  if (!saved) throw new AppError('conflict');
  return loadOffer(db, saved);
}

import type { CreateNestBody } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nests } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { lockMerchantForOnboarding, markOnboarded } from '../merchants/mark-onboarded.js';
import type { NestRow } from './nest-view.js';
import { slugify, slugSuffix } from './slugify.js';

const nestExists = () => new AppError('nest_exists', { status: 409 });

/**
 * Onboarding: creates the merchant's one nest and marks the merchant onboarded, in one transaction.
 * The owner's row is locked first, so two simultaneous submissions make one nest and one 409.
 */
export async function createNest(db: Db, ownerId: string, body: CreateNestBody): Promise<NestRow> {
  return db.transaction(async (tx) => {
    const owner = await lockMerchantForOnboarding(tx, ownerId);
    if (!owner) throw notFound();
    const [existing] = await tx.select({ id: nests.id }).from(nests).where(eq(nests.ownerId, ownerId));
    if (existing) throw nestExists();

    const base = slugify(body.name);
    for (let attempt = 0; attempt < 5; attempt++) {
      const slug = attempt === 0 ? base : `${base.slice(0, 43)}-${slugSuffix()}`;
      // A taken slug is skipped, not raised: the transaction stays usable for the next try.
      const [nest] = await tx
        .insert(nests)
        .values({
          ownerId,
          slug,
          name: body.name,
          category: body.category,
          description: body.description || null,
          brandColor: body.brand_color ?? null,
          addressLine1: body.address.line1,
          addressLine2: body.address.line2 || null,
          postalCode: body.address.postal_code,
          city: body.address.city,
          country: body.address.country,
          timeZone: body.time_zone ?? owner.timeZone,
          currency: body.currency ?? 'EUR',
        })
        .onConflictDoNothing()
        .returning();
      if (nest) {
        await markOnboarded(tx, ownerId);
        return nest;
      }
    }
    throw new AppError('conflict');
  });
}

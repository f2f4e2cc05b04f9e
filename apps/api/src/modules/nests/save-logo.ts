import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nestLogos, nests } from '../../db/schema/index.js';
import { processLogo } from './process-logo.js';

/** Checks, resizes and stores the nest's logo, replacing any previous one. Returns the new version. */
export async function saveLogo(db: Db, nestId: string, upload: Buffer): Promise<string> {
  const logo = await processLogo(upload);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(nestLogos)
      .values({ nestId, contentType: logo.contentType, bytes: logo.bytes, etag: logo.etag, updatedAt: now })
      .onConflictDoUpdate({
        target: nestLogos.nestId,
        set: { contentType: logo.contentType, bytes: logo.bytes, etag: logo.etag, updatedAt: now },
      });
    await tx.update(nests).set({ updatedAt: now }).where(eq(nests.id, nestId));
  });
  return logo.etag;
}

export async function deleteLogo(db: Db, nestId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(nestLogos).where(eq(nestLogos.nestId, nestId));
    await tx.update(nests).set({ updatedAt: new Date() }).where(eq(nests.id, nestId));
  });
}

export async function readLogo(db: Db, nestId: string) {
  const [row] = await db.select().from(nestLogos).where(eq(nestLogos.nestId, nestId)).limit(1);
  return row;
}

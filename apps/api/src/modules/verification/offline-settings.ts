import type { OfflineSettingsBody } from '@nest/contracts/offline';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nests } from '../../db/schema/index.js';

/** The age past which the counter shows its offline snapshot in amber (ADR 184). */
export async function setOfflineSettings(
  db: Db,
  nestId: string,
  body: OfflineSettingsBody,
): Promise<OfflineSettingsBody> {
  await db
    .update(nests)
    .set({ counterStaleMinutes: body.stale_after_minutes, updatedAt: new Date() })
    .where(eq(nests.id, nestId));
  return { stale_after_minutes: body.stale_after_minutes };
}

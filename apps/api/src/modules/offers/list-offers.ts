import type { OfferStatus } from '@nest/contracts';
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { offers } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import { withVersions } from './load-offers.js';
import type { OfferWithVersions } from './offer-view.js';

interface Cursor {
  createdAt: Date;
  id: string;
}

/** An opaque cursor: the last item's creation time and id (newest first, ties broken by id). */
export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  const [iso, id] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError('validation_failed', {
      fields: [{ field: 'cursor', code: 'invalid', message: 'Invalid cursor' }],
    });
  }
  return { createdAt, id };
}

export async function listOffers(
  db: Tx,
  nestId: string,
  query: { status: OfferStatus | 'all'; cursor?: string | undefined; limit: number },
): Promise<{ items: OfferWithVersions[]; nextCursor: string | null }> {
  const conditions: SQL[] = [eq(offers.nestId, nestId)];
  if (query.status !== 'all') conditions.push(eq(offers.status, query.status));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    const before = or(
      lt(offers.createdAt, cursor.createdAt),
      and(eq(offers.createdAt, cursor.createdAt), lt(offers.id, cursor.id)),
    );
    if (before) conditions.push(before);
  }
  const rows = await db
    .select()
    .from(offers)
    .where(and(...conditions))
    .orderBy(desc(offers.createdAt), desc(offers.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeCursor(last) : null;
  return { items: await withVersions(db, page), nextCursor };
}

import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { param, prepared } from '../../db/prepared.js';
import { nestLogos, nests } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import type { NestRow } from './nest-view.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from URLs: anything that is not a uuid cannot exist, and must not reach a uuid column. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Prepared: every request on `nests/me` (the counter's among them) starts with it. */
const nestOfOwner = prepared('nests_of_owner', (db, name) =>
  db
    .select()
    .from(nests)
    .where(eq(nests.ownerId, param('ownerId')))
    .limit(1)
    .prepare(name),
);

export async function findNestOfOwner(db: Tx, ownerId: string): Promise<NestRow | undefined> {
  const [row] = await nestOfOwner(db).execute({ ownerId });
  return row;
}

/** A nest by id, only when the merchant owns it: another merchant's id is simply not found. */
export async function findOwnNestById(db: Tx, ownerId: string, nestId: string): Promise<NestRow> {
  if (!isUuid(nestId)) throw notFound();
  const [row] = await db
    .select()
    .from(nests)
    .where(and(eq(nests.id, nestId), eq(nests.ownerId, ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function findLogoEtag(db: Tx, nestId: string): Promise<string | null> {
  const [row] = await db
    .select({ etag: nestLogos.etag })
    .from(nestLogos)
    .where(eq(nestLogos.nestId, nestId))
    .limit(1);
  return row?.etag ?? null;
}

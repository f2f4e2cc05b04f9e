import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../lib/errors.js';

/**
 * Keyset paging shared by the money view's lists (newest first): the cursor is the last row's time,
 * as the database printed it (microseconds kept), and its id, base64url-encoded.
 */
export interface PageCursor {
  at: string;
  id: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');
}

export function decodePageCursor(value: string): PageCursor {
  const [at, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  if (!at || !id || rest.length > 0 || !TIMESTAMP.test(at) || !UUID.test(id)) {
    throw new AppError('validation_failed', {
      fields: [{ field: 'cursor', code: 'invalid', message: 'Invalid cursor' }],
    });
  }
  return { at, id };
}

/** Rows strictly after the cursor in (time desc, id desc) order. */
export function afterCursor(at: AnyPgColumn, id: AnyPgColumn, cursor: PageCursor): SQL {
  return sql`(${at}, ${id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
}

/** The start of a day (YYYY-MM-DD) in a time zone, as an instant; `to` days take the next day's start. */
export function dayStartSql(day: string, timeZone: string, plusDays = 0): SQL {
  return sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;
}

/** A from/to pair where from is after to is refused as a field error, not an empty page. */
export function checkRange(from: string | undefined, to: string | undefined): void {
  if (from && to && from > to) {
    throw new AppError('validation_failed', {
      fields: [{ field: 'from', code: 'invalid', message: 'from is after to' }],
    });
  }
}

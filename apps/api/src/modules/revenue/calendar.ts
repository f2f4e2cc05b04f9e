/**
 * Calendar periods in the merchant's time zone, as UTC instants: a month or a day starts at local
 * midnight, so a day may last 23 or 25 hours (daylight-saving changes) and a month 28 to 31 days.
 * Pure functions over the platform's time-zone database (Intl), so they agree with PostgreSQL's
 * `date_trunc(…) at time zone …` that month-revenue.ts uses; a test holds the two together.
 */

import { dateTimeFormat } from '@nest/contracts';

export interface Period {
  /** "2025-03" for a month, "2025-03-30" for a day: the local calendar date. */
  key: string;
  /** Inclusive start, exclusive end. */
  start: Date;
  end: Date;
}

interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** The wall clock of an instant in a zone, to the second (Intl, kept once made). */
function formatter(timeZone: string): Intl.DateTimeFormat {
  return dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
}

function wallClock(instant: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** How far the zone's wall clock is ahead of UTC at this instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = wallClock(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of local midnight that starts this calendar date (Date.UTC normalises overflow). */
function startOfLocalDate(year: number, month: number, day: number, timeZone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  const first = wall - offsetAt(wall, timeZone);
  // The offset at midnight itself may differ from the offset at the guess (a change that night).
  return new Date(wall - offsetAt(first, timeZone));
}

/** The local calendar date of an instant. */
export function localDate(instant: Date, timeZone: string): LocalDate {
  const p = wallClock(instant.getTime(), timeZone);
  return { year: p.year, month: p.month, day: p.day };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar month `offset` months from the one holding `instant` (0: that month, −1: the one before). */
export function monthPeriod(instant: Date, timeZone: string, offset = 0): Period {
  const { year, month } = localDate(instant, timeZone);
  const first = new Date(Date.UTC(year, month - 1 + offset, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth() + 1;
  return {
    key: `${y}-${pad(m)}`,
    start: startOfLocalDate(y, m, 1, timeZone),
    end: startOfLocalDate(y, m + 1, 1, timeZone),
  };
}

/** The month named "2025-03" in the zone. */
export function namedMonth(key: string, timeZone: string): Period {
  const [y, m] = key.split('-').map(Number) as [number, number];
  return {
    key: `${y}-${pad(m)}`,
    start: startOfLocalDate(y, m, 1, timeZone),
    end: startOfLocalDate(y, m + 1, 1, timeZone),
  };
}

/** The `count` calendar months ending with the one holding `instant`, oldest first. */
export function lastMonths(instant: Date, timeZone: string, count: number): Period[] {
  return Array.from({ length: count }, (_, i) => monthPeriod(instant, timeZone, i - count + 1));
}

/** The `count` local days ending with the one holding `instant`, oldest first. */
export function lastDays(instant: Date, timeZone: string, count: number): Period[] {
  const { year, month, day } = localDate(instant, timeZone);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1, day - count + 1 + i));
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth() + 1;
    const dd = d.getUTCDate();
    return {
      key: `${y}-${pad(m)}-${pad(dd)}`,
      start: startOfLocalDate(y, m, dd, timeZone),
      end: startOfLocalDate(y, m, dd + 1, timeZone),
    };
  });
}

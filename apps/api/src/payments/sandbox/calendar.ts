export type BillingInterval = 'week' | 'month' | 'year';

const DAY_MS = 24 * 60 * 60 * 1000;

function addMonthsClamped(date: Date, months: number): Date {
  const target = new Date(
    Date.UTC(
      date.getUTCFullYear(),
      date.getUTCMonth() + months,
      1,
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
      date.getUTCMilliseconds(),
    ),
  );
  // 31 January + 1 month is the last day of February, as Stripe bills it.
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

/** The end of the n-th period counted from the billing anchor (UTC, month ends clamped). */
export function periodBoundary(
  anchor: Date,
  interval: BillingInterval,
  intervalCount: number,
  n: number,
): Date {
  switch (interval) {
    case 'week':
      return new Date(anchor.getTime() + 7 * DAY_MS * intervalCount * n);
    case 'month':
      return addMonthsClamped(anchor, intervalCount * n);
    case 'year':
      return addMonthsClamped(anchor, 12 * intervalCount * n);
  }
}

/** The period that follows the one ending at currentEnd, counted from the anchor so the 31st stays the 31st. */
export function nextPeriodEnd(
  anchor: Date,
  currentEnd: Date,
  interval: BillingInterval,
  intervalCount: number,
): Date {
  let n = 1;
  while (periodBoundary(anchor, interval, intervalCount, n).getTime() <= currentEnd.getTime()) n++;
  return periodBoundary(anchor, interval, intervalCount, n);
}

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/**
 * The share of an amount for the unused part of a period, in whole cents rounded half up. Integer
 * arithmetic only: no float ever touches an amount.
 */
export function prorate(amountCents: number, remainingMs: number, periodMs: number): number {
  if (periodMs <= 0 || remainingMs <= 0) return 0;
  const remaining = BigInt(Math.min(Math.floor(remainingMs), Math.floor(periodMs)));
  const total = BigInt(Math.floor(periodMs));
  const amount = BigInt(amountCents);
  const sign = amount < 0n ? -1n : 1n;
  const magnitude = (sign * amount * remaining * 2n + total) / (2n * total);
  return Number(sign * magnitude);
}

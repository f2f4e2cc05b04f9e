import type { SubscriptionPause } from '@nest/contracts';

interface PausedRow {
  status: string;
  pauseStartsAt: Date | null;
  pauseEndsAt: Date | null;
}

/** The pause as the API shows it (ADR 150); an ended subscription has none, whatever the provider kept. */
export function pauseView(row: PausedRow): SubscriptionPause | null {
  if (row.status === 'canceled' || !row.pauseStartsAt || !row.pauseEndsAt) return null;
  return { starts_at: row.pauseStartsAt.toISOString(), ends_at: row.pauseEndsAt.toISOString() };
}

/** Paused at this instant: inside the paused window (before it, the paid period is still running). */
export function isPausedAt(row: PausedRow, now: Date): boolean {
  const pause = pauseView(row);
  return (
    pause !== null &&
    row.pauseStartsAt!.getTime() <= now.getTime() &&
    now.getTime() < row.pauseEndsAt!.getTime()
  );
}

/** The next charge of a paused subscription is at the end of the pause, not at the end of a paused period. */
export function nextChargeAt(row: PausedRow, periodEnd: Date | null): Date | null {
  if (!periodEnd || !pauseView(row)) return periodEnd;
  return periodEnd.getTime() < row.pauseEndsAt!.getTime() ? row.pauseEndsAt : periodEnd;
}

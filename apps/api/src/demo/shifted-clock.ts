/**
 * The demo's process clock (ADR 145): `Date` answers real time plus an offset that only moves
 * forward, so the app (and PGlite's `now()`, which reads the same clock) lives through a year of
 * business in a minute. Every `new Date()` and `Date.now()` in the process follows it; dates made
 * before or after it is installed stay `instanceof Date`.
 */
export interface ShiftedClock {
  /** Moves the process's time forward to `instant` (never back). */
  setTo(instant: Date | number): void;
  now(): number;
  /** Puts the real clock back; the offset must be back at zero or below real time. */
  restore(): void;
}

export function installShiftedClock(start: Date | number): ShiftedClock {
  const RealDate = globalThis.Date;
  let offset = Number(start) - RealDate.now();
  if (offset > 0) throw new RangeError('The demo clock starts in the past');
  class ShiftedDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string]));
    }
    static override now() {
      return RealDate.now() + offset;
    }
    static override [Symbol.hasInstance](value: unknown) {
      return value instanceof RealDate;
    }
  }
  // Called as a function, Date answers a string of the current time.
  const Shifted = new Proxy(ShiftedDate, {
    apply: () => new ShiftedDate().toString(),
  }) as unknown as DateConstructor;
  globalThis.Date = Shifted;
  return {
    setTo(instant) {
      const target = Math.min(Number(instant), RealDate.now());
      const next = target - RealDate.now();
      if (next > offset) offset = next;
    },
    now: () => RealDate.now() + offset,
    restore() {
      globalThis.Date = RealDate;
    },
  };
}

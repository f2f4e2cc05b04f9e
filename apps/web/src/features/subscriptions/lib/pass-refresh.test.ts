import { describe, expect, it } from 'vitest';
import { MAX_PASS_REFRESH_MS, MIN_PASS_REFRESH_MS, nextPassRefreshMs } from './pass-refresh';

describe('pass refresh', () => {
  const pass = (refreshAt: number) => ({
    token: 't',
    code: 'C',
    refresh_at: new Date(refreshAt).toISOString(),
    expires_at: new Date(refreshAt + 30_000).toISOString(),
  });

  it('asks again at refresh_at, within one second and one time step', () => {
    const now = 5_000_000;
    expect(nextPassRefreshMs(undefined, now)).toBe(false);
    expect(nextPassRefreshMs(pass(now + 12_000), now)).toBe(12_000);
    // The device's clock is ahead of the server's: not a burst of requests.
    expect(nextPassRefreshMs(pass(now - 50_000), now)).toBe(MIN_PASS_REFRESH_MS);
    // The device's clock is behind: never longer than a step.
    expect(nextPassRefreshMs(pass(now + 600_000), now)).toBe(MAX_PASS_REFRESH_MS);
  });
});

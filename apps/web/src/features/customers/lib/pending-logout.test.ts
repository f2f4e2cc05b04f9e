// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingLogout, retryPendingLogout } from './pending-logout';

describe('a sign-out the server did not hear', () => {
  beforeEach(() => localStorage.clear());

  it('does nothing when no sign-out is pending', async () => {
    const logOut = vi.fn(async () => {});
    expect(await retryPendingLogout(logOut)).toBe(false);
    expect(logOut).not.toHaveBeenCalled();
  });

  it('is sent again, and forgotten once the server confirms it', async () => {
    pendingLogout.set();
    const logOut = vi.fn(async () => {});
    expect(await retryPendingLogout(logOut)).toBe(true);
    expect(logOut).toHaveBeenCalledTimes(1);
    expect(pendingLogout.get()).toBe(false);
  });

  it('stays pending (and keeps the area closed) while the server is unreachable', async () => {
    pendingLogout.set();
    const logOut = vi.fn(async () => {
      throw new Error('offline');
    });
    expect(await retryPendingLogout(logOut)).toBe(true);
    expect(pendingLogout.get()).toBe(true);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { REFRESH_LOCK_NAME, REFRESHED_AT_KEY, refreshSession, rotatedWhileQueued } from './refresh-session';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

/** Web Locks as the browser gives them: one holder at a time per name, the others queue. */
function fakeLocks() {
  const queues = new Map<string, Promise<unknown>>();
  const names: string[] = [];
  return {
    names,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      names.push(name);
      const previous = queues.get(name) ?? Promise.resolve();
      const next = previous.then(callback, callback);
      queues.set(
        name,
        next.catch(() => undefined),
      );
      return next;
    },
  };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('renewing the session, one rotation at a time (no grace window on reuse)', () => {
  it('shares one rotation between every caller of a tab', async () => {
    const gate = deferred();
    const rotate = vi.fn(() => gate.promise);
    let clock = 1_000;
    const deps = { rotate, locks: null, storage: memoryStorage(), now: () => clock };
    const first = refreshSession(deps);
    const second = refreshSession(deps);
    const third = refreshSession(deps);
    expect(second).toBe(first);
    expect(third).toBe(first);
    gate.resolve();
    await Promise.all([first, second, third]);
    expect(rotate).toHaveBeenCalledTimes(1);

    // Once settled, a later expiry gets a rotation of its own.
    clock = 600_000;
    await refreshSession(deps);
    expect(rotate).toHaveBeenCalledTimes(2);
  });

  it('queues tabs on the nest-refresh lock, and a tab that waited skips the rotation another tab made', async () => {
    const locks = fakeLocks();
    const storage = memoryStorage();
    let clock = 1_000;
    const now = () => clock;
    const gate = deferred();
    const order: string[] = [];
    const tabA = vi.fn(async () => {
      order.push('A starts');
      await gate.promise;
      clock = 2_000;
      order.push('A done');
    });
    const tabB = vi.fn(async () => {
      order.push('B starts');
    });
    // Two tabs are two module instances: simulated with two independent in-flight promises.
    const a = refreshSession({ rotate: tabA, locks, storage, now });
    vi.resetModules();
    const { refreshSession: refreshInOtherTab } = await import('./refresh-session');
    expect(refreshInOtherTab).not.toBe(refreshSession);
    const b = refreshInOtherTab({ rotate: tabB, locks, storage, now });
    await Promise.resolve();
    expect(order).toEqual(['A starts']);
    gate.resolve();
    await Promise.all([a, b]);
    expect(order).toEqual(['A starts', 'A done']);
    expect(tabB).not.toHaveBeenCalled();
    expect(locks.names).toEqual([REFRESH_LOCK_NAME, REFRESH_LOCK_NAME]);
    expect(storage.getItem(REFRESHED_AT_KEY)).toBe('2000');
  });

  it('rotates again when the last rotation is older than the call', async () => {
    const storage = memoryStorage();
    storage.setItem(REFRESHED_AT_KEY, '500');
    const rotate = vi.fn(async () => undefined);
    await refreshSession({ rotate, locks: fakeLocks(), storage, now: () => 1_000 });
    expect(rotate).toHaveBeenCalledTimes(1);
    expect(storage.getItem(REFRESHED_AT_KEY)).toBe('1000');
  });

  it('rotates when the mark lies in the future (written while the clock ran ahead, or the clock was set back)', async () => {
    const storage = memoryStorage();
    // An hour ahead of every later call: trusted, it would make every call skip its rotation.
    storage.setItem(REFRESHED_AT_KEY, String(1_000 + 3_600_000));
    const rotate = vi.fn(async () => undefined);
    await refreshSession({ rotate, locks: fakeLocks(), storage, now: () => 1_000 });
    expect(rotate).toHaveBeenCalledTimes(1);
    // The mark is the present again, so the tabs queued behind this one skip as they should.
    expect(storage.getItem(REFRESHED_AT_KEY)).toBe('1000');
    await refreshSession({ rotate, locks: fakeLocks(), storage, now: () => 2_000 });
    expect(rotate).toHaveBeenCalledTimes(2);
  });

  it("counts a mark only between the call's start and now", () => {
    expect(rotatedWhileQueued(1_500, 1_000, 2_000)).toBe(true);
    expect(rotatedWhileQueued(1_000, 1_000, 1_000)).toBe(true);
    expect(rotatedWhileQueued(999, 1_000, 2_000)).toBe(false);
    expect(rotatedWhileQueued(2_001, 1_000, 2_000)).toBe(false);
    expect(rotatedWhileQueued(Number.NaN, 1_000, 2_000)).toBe(false);
  });

  it('passes a refused rotation on (the session is over) and lets the next call try afresh', async () => {
    const refused = new Error('401');
    const rotate = vi.fn().mockRejectedValueOnce(refused).mockResolvedValueOnce(undefined);
    const deps = { rotate, locks: fakeLocks(), storage: memoryStorage() };
    await expect(refreshSession(deps)).rejects.toBe(refused);
    await expect(refreshSession(deps)).resolves.toBeUndefined();
    expect(deps.storage.getItem(REFRESHED_AT_KEY)).not.toBeNull();
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_KEY,
  mayReload,
  reloadForFailedChunk,
  resetChunkReloadState,
  withChunkReload,
} from './chunk-reload';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

beforeEach(() => {
  resetChunkReloadState();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('the reload guard (spec §4: no loop within 10 seconds)', () => {
  it('allows a reload when none happened, or the last one is 10 s old or more', () => {
    expect(mayReload(null, 50_000)).toBe(true);
    expect(mayReload(40_000, 50_000)).toBe(true);
    expect(mayReload(50_000 - CHUNK_RELOAD_GUARD_MS - 1, 50_000)).toBe(true);
  });

  it('refuses a reload less than 10 s after the last one', () => {
    expect(mayReload(45_000, 50_000)).toBe(false);
    expect(mayReload(50_000 - CHUNK_RELOAD_GUARD_MS + 1, 50_000)).toBe(false);
  });

  it('reloads a first failure and records when', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(
      reloadForFailedChunk(new TypeError('Failed to fetch dynamically imported module'), {
        storage,
        now: 1_000,
        reload,
      }),
    ).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.data.get(CHUNK_RELOAD_KEY)).toBe('1000');
  });

  it('does not reload again within 10 s: the error goes to the error page', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: '1000' });
    const reload = vi.fn();
    expect(reloadForFailedChunk(new Error('again'), { storage, now: 1_000 + 9_999, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('reloads again once 10 s have passed', () => {
    const storage = memoryStorage({ [CHUNK_RELOAD_KEY]: '1000' });
    const reload = vi.fn();
    expect(reloadForFailedChunk(new Error('later'), { storage, now: 1_000 + 10_000, reload })).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('offline, waits for the connection to come back before reloading', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadForFailedChunk(new Error('offline'), { storage, now: 1_000, reload, online: false })).toBe(
      true,
    );
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledOnce();
    expect(storage.data.get(CHUNK_RELOAD_KEY)).toMatch(/^\d+$/);
  });

  it('never reloads without storage, since the guard could not work', () => {
    const reload = vi.fn();
    expect(reloadForFailedChunk(new Error('x'), { storage: null, now: 1, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('lazy imports', () => {
  it('pass a successful import through', async () => {
    await expect(withChunkReload(async () => ({ Component: 'page' }))()).resolves.toEqual({
      Component: 'page',
    });
  });

  it('rethrow a failed import when the guard forbids a reload', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(withChunkReload(() => Promise.reject(failure))()).rejects.toBe(failure);
  });
});

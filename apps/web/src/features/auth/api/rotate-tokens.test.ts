// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/lib/api-error';
import { jsonResponse, problemResponse } from '../testing';
import { PENDING_ROTATION_KEY, REFRESHED_AT_KEY, refreshSession, rotateTokens } from './refresh-session';

const fetchMock = vi.fn<typeof fetch>();
const sentKeys = () =>
  fetchMock.mock.calls.map(
    ([, init]) => (init?.headers as Record<string, string> | undefined)?.['idempotency-key'],
  );
const rotated = () => jsonResponse(200, { access_expires_at: 'x', session_expires_at: 'y' });
/**
 * A tab's renewal as the app runs it (no Web Locks in jsdom: the per-tab guarantee only), a second
 * after the one before: a renewal that starts in the very millisecond of a rotation's mark counts as
 * queued behind it, and skips.
 */
let clock = Date.now();
const renew = () => {
  clock += 1_000;
  vi.setSystemTime(clock);
  return refreshSession({ locks: null });
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a rotation carries an Idempotency-Key until it is settled (ADR 219)', () => {
  it('sends a fresh key for each rotation that was answered', async () => {
    fetchMock.mockResolvedValueOnce(rotated()).mockResolvedValueOnce(rotated());
    await renew();
    await renew();
    const [first, second] = sentKeys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('sends the key of a rotation the page left while it was under way again, with the next one', async () => {
    // What a reload leaves behind: the key written, the call never answered, no refresh mark.
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => {}));
    void rotateTokens();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const lostKey = sentKeys()[0];
    expect(JSON.parse(localStorage.getItem(PENDING_ROTATION_KEY)!).key).toBe(lostKey);

    fetchMock.mockResolvedValueOnce(rotated());
    await renew();
    expect(sentKeys()[1]).toBe(lostKey);
    // Settled by the refresh mark: the rotation after it has a key of its own.
    expect(Number(localStorage.getItem(REFRESHED_AT_KEY))).toBeGreaterThan(0);
    fetchMock.mockResolvedValueOnce(rotated());
    await renew();
    expect(sentKeys()[2]).not.toBe(lostKey);
  });

  it('retries a network failure once with the same key, and keeps it for the next rotation', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const call = rotateTokens().catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    const error = await call;
    expect(isApiError(error) && error.isNetworkError).toBe(true);
    expect(sentKeys()).toHaveLength(2);
    expect(sentKeys()[1]).toBe(sentKeys()[0]);
    vi.useFakeTimers({ toFake: ['Date'] });
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(rotated());
    await renew();
    expect(sentKeys()[0]).toBe(JSON.parse(localStorage.getItem(PENDING_ROTATION_KEY)!).key);
  });

  it('drops the key on a refusal: the session is over, nothing is left to retry', async () => {
    fetchMock.mockResolvedValueOnce(problemResponse(401, 'invalid_refresh_token'));
    await expect(rotateTokens()).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem(PENDING_ROTATION_KEY)).toBeNull();
  });

  it('ignores an unreadable entry and starts a fresh key', async () => {
    localStorage.setItem(PENDING_ROTATION_KEY, 'not json');
    fetchMock.mockResolvedValueOnce(rotated());
    await rotateTokens();
    expect(sentKeys()[0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '@/lib/api-error';
import { createQueryClient } from '@/lib/query-client';
import { merchantAccount } from '@/lib/session-storage';
import { currentMerchantQueryKey } from '../api/get-current-merchant';
import { aMerchant, jsonResponse, problemResponse } from '../testing';
import { loadMerchantSession } from './load-merchant-session';

const fetchMock = vi.fn<typeof fetch>();
const calls = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => vi.unstubAllGlobals());

describe('the session guard of /admin/app and /admin/onboarding (spec §4)', () => {
  it('loads the current merchant and keeps it as the stored account', async () => {
    const merchant = aMerchant();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, merchant));
    const queryClient = createQueryClient();
    await expect(loadMerchantSession(queryClient)).resolves.toEqual(merchant);
    expect(calls()).toEqual(['/api/v1/users/me']);
    expect(merchantAccount.get()).toEqual(merchant);
    expect(queryClient.getQueryData(currentMerchantQueryKey)).toEqual(merchant);
  });

  it('on failure refreshes the tokens, then loads the merchant again', async () => {
    const merchant = aMerchant();
    fetchMock
      .mockResolvedValueOnce(problemResponse(401, 'unauthenticated'))
      .mockResolvedValueOnce(jsonResponse(200, { access_expires_at: 'x', session_expires_at: 'y' }))
      .mockResolvedValueOnce(jsonResponse(200, merchant));
    await expect(loadMerchantSession(createQueryClient())).resolves.toEqual(merchant);
    expect(calls()).toEqual(['/api/v1/users/me', '/api/v1/users/refresh-tokens', '/api/v1/users/me']);
  });

  it('when the refresh fails too, clears the stored account and answers that nobody is signed in', async () => {
    merchantAccount.set(aMerchant());
    fetchMock
      .mockResolvedValueOnce(problemResponse(401, 'unauthenticated'))
      .mockResolvedValueOnce(problemResponse(401, 'invalid_refresh_token'));
    await expect(loadMerchantSession(createQueryClient())).resolves.toBeNull();
    expect(calls()).toEqual(['/api/v1/users/me', '/api/v1/users/refresh-tokens']);
    expect(merchantAccount.get()).toBeNull();
  });

  it('when the reload after a refresh still fails, clears the stored account', async () => {
    merchantAccount.set(aMerchant());
    fetchMock
      .mockResolvedValueOnce(problemResponse(401, 'unauthenticated'))
      .mockResolvedValueOnce(jsonResponse(200, { access_expires_at: 'x', session_expires_at: 'y' }))
      .mockResolvedValueOnce(problemResponse(401, 'unauthenticated'));
    await expect(loadMerchantSession(createQueryClient())).resolves.toBeNull();
    expect(merchantAccount.get()).toBeNull();
  });

  it('does not sign a merchant out because the network failed: the error goes to the error page', async () => {
    merchantAccount.set(aMerchant());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await loadMerchantSession(createQueryClient()).catch((e: unknown) => e);
    expect(isApiError(error) && error.isNetworkError).toBe(true);
    expect(merchantAccount.get()).not.toBeNull();
    expect(calls()).not.toContain('/api/v1/users/refresh-tokens');
  });

  it('asks the server at every guarded navigation, so a session ended elsewhere counts at once', async () => {
    const queryClient = createQueryClient();
    merchantAccount.set(aMerchant());
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, aMerchant()))
      .mockResolvedValueOnce(problemResponse(401, 'unauthenticated'))
      .mockResolvedValueOnce(problemResponse(401, 'invalid_refresh_token'));
    await expect(loadMerchantSession(queryClient)).resolves.not.toBeNull();
    await expect(loadMerchantSession(queryClient)).resolves.toBeNull();
    expect(calls()).toEqual(['/api/v1/users/me', '/api/v1/users/me', '/api/v1/users/refresh-tokens']);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setSessionRenewer } from '@/lib/api-client';
import { merchantAccount } from '@/lib/session-storage';
import { installSessionRenewal } from './session-renewal';
import { aMerchant, jsonResponse, problemResponse } from './testing';

const fetchMock = vi.fn<typeof fetch>();
const calls = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);
const rotated = () => jsonResponse(200, { access_expires_at: 'x', session_expires_at: 'y' });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  sessionStorage.clear();
  localStorage.clear();
  installSessionRenewal();
});

afterEach(() => {
  setSessionRenewer(undefined);
  vi.unstubAllGlobals();
});

describe('a call refused because the access token expired', () => {
  it('is sent again after the session is renewed, for a signed-in merchant', async () => {
    merchantAccount.set(aMerchant());
    fetchMock
      .mockResolvedValueOnce(problemResponse(401, 'unauthenticated'))
      .mockResolvedValueOnce(rotated())
      .mockResolvedValueOnce(jsonResponse(200, { saved: true }));
    await expect(api.patch('/api/v1/nests/n1', { name: 'Lune' })).resolves.toEqual({ saved: true });
    expect(calls()).toEqual(['/api/v1/nests/n1', '/api/v1/users/refresh-tokens', '/api/v1/nests/n1']);
    expect(fetchMock.mock.calls[2]![1]?.body).toBe(JSON.stringify({ name: 'Lune' }));
  });

  it('renews once for calls that fail together', async () => {
    merchantAccount.set(aMerchant());
    fetchMock.mockImplementation(async (url) => {
      const path = new URL(String(url), 'http://x').pathname;
      if (path === '/api/v1/users/refresh-tokens') return rotated();
      const renewed = calls().includes('/api/v1/users/refresh-tokens');
      return renewed ? jsonResponse(200, { path }) : problemResponse(401, 'unauthenticated');
    });
    await Promise.all([api.get('/api/v1/a'), api.get('/api/v1/b'), api.get('/api/v1/c')]);
    expect(calls().filter((path) => path === '/api/v1/users/refresh-tokens')).toHaveLength(1);
  });

  it('stays a 401 when the session cannot be renewed', async () => {
    merchantAccount.set(aMerchant());
    fetchMock
      .mockResolvedValueOnce(problemResponse(401, 'unauthenticated'))
      .mockResolvedValueOnce(problemResponse(401, 'invalid_refresh_token'));
    await expect(api.get('/api/v1/nests/n1')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(calls()).toEqual(['/api/v1/nests/n1', '/api/v1/users/refresh-tokens']);
  });

  it('stays a 401 for a visitor, and for the calls that opt out', async () => {
    fetchMock.mockResolvedValue(problemResponse(401, 'unauthenticated'));
    await expect(api.get('/api/v1/nests/n1')).rejects.toMatchObject({ status: 401 });
    merchantAccount.set(aMerchant());
    await expect(api.get('/api/v1/users/me', { renewSession: false })).rejects.toMatchObject({ status: 401 });
    expect(calls()).toEqual(['/api/v1/nests/n1', '/api/v1/users/me']);
  });
});

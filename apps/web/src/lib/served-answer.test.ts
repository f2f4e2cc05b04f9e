// @vitest-environment jsdom
import { SERVED_ANSWER_ELEMENT_ID } from '@nest/contracts';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

const merchant = { id: 'u1', email: 'ines@example.test', name: 'Inès </script><b>' };

/** The page as the server writes it for a signed-in area (apps/api/src/plugins/spa.ts, ADR 206). */
function servePage(path: string, text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SERVED_ANSWER_ELEMENT_ID;
  script.dataset.path = path;
  script.textContent = text;
  document.body.append(script);
}

/** A fresh API client and served answer (both keep what they read for the page's life). */
async function freshClient() {
  vi.resetModules();
  return (await import('./api-client')).api;
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ from: 'server' }), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it('answers the first call of the served path from the page, once, and then asks the server', async () => {
  servePage('/api/v1/users/me', JSON.stringify(merchant).replaceAll('<', '\\u003c'));
  const api = await freshClient();
  // Another call is not answered by it, and does not use it up.
  expect(await api.get('/api/v1/nests/me')).toEqual({ from: 'server' });
  expect(await api.get('/api/v1/users/me')).toEqual(merchant);
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(document.getElementById(SERVED_ANSWER_ELEMENT_ID)).toBeNull();
  // The guard's next navigation asks the server again.
  expect(await api.get('/api/v1/users/me')).toEqual({ from: 'server' });
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(String(fetchMock.mock.calls[1]?.[0])).toMatch(/\/api\/v1\/users\/me$/);
});

it('asks the server when the page has no answer, an unreadable one, or the call comes late', async () => {
  let api = await freshClient();
  expect(await api.get('/api/v1/users/me')).toEqual({ from: 'server' });

  servePage('/api/v1/users/me', '{not json');
  api = await freshClient();
  expect(await api.get('/api/v1/users/me')).toEqual({ from: 'server' });

  servePage('/api/v1/users/me', JSON.stringify(merchant));
  api = await freshClient();
  const { SERVED_ANSWER_FRESH_MS } = await import('./served-answer');
  vi.spyOn(performance, 'now').mockReturnValue(SERVED_ANSWER_FRESH_MS + 1);
  expect(await api.get('/api/v1/users/me')).toEqual({ from: 'server' });
  expect(fetchMock).toHaveBeenCalledTimes(3);
});

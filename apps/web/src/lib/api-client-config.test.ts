// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  document.head.innerHTML = '';
});

it('calls the API at the base address written by the server in <meta name="nest-config">', async () => {
  document.head.innerHTML = `<meta name="nest-config" content="${JSON.stringify({ apiBaseUrl: 'https://api.nest.test/' }).replaceAll('"', '&quot;')}">`;
  const fetchMock = vi.fn<typeof fetch>(
    async () => new Response('{}', { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const { api } = await import('./api-client');
  await api.get('/api/v1/users/me');
  expect(fetchMock.mock.calls[0]![0]).toBe('https://api.nest.test/api/v1/users/me');
});

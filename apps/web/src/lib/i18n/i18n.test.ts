// @vitest-environment jsdom
import { afterEach, expect, it, vi } from 'vitest';
import { catalogueUrl } from './catalogue-backend';
import { i18n, initI18n, loadNamespaces } from './i18n';

afterEach(() => {
  vi.unstubAllGlobals();
});

it('an area’s words start downloading beside the shell’s, not after them', async () => {
  let releaseShell = () => {};
  const shellHeld = new Promise<void>((resolve) => {
    releaseShell = resolve;
  });
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url === catalogueUrl('en-US', 'common')) await shellHeld;
      const words = url === catalogueUrl('en-US', 'common') ? { hello: 'Hello' } : { title: 'Your area' };
      return new Response(JSON.stringify(words), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const ready = initI18n();
  const area = loadNamespaces('customers');
  // The shell's catalogue is still on its way, and the area's is already asked for.
  await vi.waitFor(() => expect(asked).toContain(catalogueUrl('en-US', 'customers')));
  releaseShell();
  await Promise.all([ready, area]);
  expect(i18n.getResource('en-US', 'customers', 'title')).toBe('Your area');
  // Downloaded once: i18next took the download under way.
  expect(asked.filter((url) => url === catalogueUrl('en-US', 'customers'))).toHaveLength(1);
  // A namespace already loaded is not downloaded again.
  await loadNamespaces('customers');
  expect(asked.filter((url) => url === catalogueUrl('en-US', 'customers'))).toHaveLength(1);
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueUrl, loadCatalogue } from './catalogue-backend';
import { namespaces } from './namespaces';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('translation catalogues', () => {
  it('has a file for every locale and namespace', () => {
    for (const locale of ['en-US', 'fr-FR']) {
      for (const ns of namespaces) expect(catalogueUrl(locale, ns), `${locale}/${ns}`).toBeTypeOf('string');
    }
  });

  it('logs a French catalogue that fails to load and uses the English one instead', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === catalogueUrl('fr-FR', 'common')
          ? new Response('gone', { status: 404 })
          : new Response('{"skipLink":"Skip to content"}', {
              headers: { 'content-type': 'application/json' },
            }),
      ),
    );
    await expect(loadCatalogue('fr-FR', 'common')).resolves.toEqual({ skipLink: 'Skip to content' });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('fr-FR "common"'), expect.any(Error));
  });

  it('reports a failure of the English catalogue itself (i18next then shows keys, the app keeps running)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(loadCatalogue('en-US', 'common')).rejects.toThrow('Failed to fetch');
  });
});

describe('catalogues asked for ahead of i18next', () => {
  it('are downloaded once: i18next’s read takes the download already under way', async () => {
    const { prefetchCatalogues, catalogueBackend } = await import('./catalogue-backend');
    const fetchMock = vi.fn(
      async () => new Response('{"title":"Hello"}', { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    prefetchCatalogues('en-US', ['customers', 'receipts']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const read = await new Promise<unknown>((resolve, reject) =>
      catalogueBackend.read?.('en-US', 'customers', (error, data) => (error ? reject(error) : resolve(data))),
    );
    expect(read).toEqual({ title: 'Hello' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Taken: a later read downloads again (i18next reads a catalogue once per language anyway).
    await new Promise((resolve) => catalogueBackend.read?.('en-US', 'customers', resolve));
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});

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

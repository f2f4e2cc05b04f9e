import { defaultLocale } from '@nest/contracts';
import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';

/**
 * Each catalogue is emitted as a hashed JSON file (immutable cache) and fetched when needed. Fetching
 * instead of `import()` keeps a failed catalogue out of the chunk-reload logic: a locale that fails to
 * load is only logged (spec §8), and the English catalogue stands in for it.
 */
const catalogueUrls = import.meta.glob<string>('../../locales/*/*.json', {
  query: '?url',
  import: 'default',
  eager: true,
});

export function catalogueUrl(locale: string, namespace: string): string | undefined {
  return catalogueUrls[`../../locales/${locale}/${namespace}.json`];
}

async function fetchCatalogue(locale: string, namespace: string): Promise<ResourceKey> {
  const url = catalogueUrl(locale, namespace);
  if (!url) throw new Error(`No "${namespace}" catalogue for ${locale}`);
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return (await response.json()) as ResourceKey;
}

export async function loadCatalogue(locale: string, namespace: string): Promise<ResourceKey> {
  try {
    return await fetchCatalogue(locale, namespace);
  } catch (error) {
    console.error(`Could not load the ${locale} "${namespace}" translations.`, error);
    if (locale === defaultLocale) throw error;
    return fetchCatalogue(defaultLocale, namespace);
  }
}

/** Catalogues asked for ahead of i18next (prefetchCatalogues), kept until i18next reads them. */
const prefetched = new Map<string, Promise<ResourceKey>>();

/**
 * Starts downloading catalogues before i18next asks for them: the words of an area's first page need
 * not wait until the shell's own are loaded (a round trip less on a first load). i18next's read then
 * takes the download already under way; a failure is handled there, as any other.
 */
export function prefetchCatalogues(locale: string, namespaces: readonly string[]): void {
  for (const namespace of namespaces) {
    const key = `${locale}/${namespace}`;
    if (prefetched.has(key)) continue;
    const loading = loadCatalogue(locale, namespace);
    loading.catch(() => undefined);
    prefetched.set(key, loading);
  }
}

function readCatalogue(locale: string, namespace: string): Promise<ResourceKey> {
  const key = `${locale}/${namespace}`;
  const loading = prefetched.get(key);
  prefetched.delete(key);
  return loading ?? loadCatalogue(locale, namespace);
}

export const catalogueBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    readCatalogue(language, namespace).then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : String(error), false),
    );
  },
};

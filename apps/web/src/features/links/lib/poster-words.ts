import { type Locale, locales } from '@nest/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { loadCatalogue } from '@/lib/i18n/catalogue-backend';

const namespace = 'links';

/**
 * The poster speaks both languages whatever the merchant's own, so it needs this area's words in
 * every locale, not only the current one: the missing catalogues are fetched once and kept.
 */
export function usePosterWords() {
  const { i18n } = useTranslation(namespace);
  return useQuery(
    queryOptions({
      queryKey: ['i18n', namespace, 'all-locales'] as const,
      staleTime: Number.POSITIVE_INFINITY,
      queryFn: async () => {
        await Promise.all(
          locales
            .filter((locale) => !i18n.hasResourceBundle(locale, namespace))
            .map(async (locale) =>
              i18n.addResourceBundle(locale, namespace, await loadCatalogue(locale, namespace), true, false),
            ),
        );
        return locales.map(
          (locale) => [locale, i18n.getFixedT(locale, namespace)] as [Locale, TFunction<'links'>],
        );
      },
    }),
  );
}

import type { Locale } from '@nest/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { MainContent } from '@/components/layout/main-content';
import { PublicFooter } from '@/components/layout/public-footer';
import { PublicHeader } from '@/components/layout/public-header';
import { LinkPage } from '@/features/checkout/components/link-page';
import { type LinkWords, LinkWordsContext } from '@/features/checkout/lib/link-words';

/**
 * The public page of one offer link (/links/:nestLinkId) inside the single-page app, for a link
 * followed from within the app. A link opened from outside (a QR code, a shared address) gets the
 * standalone page the server sends (src/link-page, ADR 077), which renders the same LinkPage.
 */
export function Component() {
  const { nestLinkId = '' } = useParams();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation('checkout');
  const { t: common } = useTranslation();
  const locale = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  const words = useMemo<LinkWords>(
    () => ({
      locale,
      t: (key, values) => String(t(key as never, values as never)),
      documentTitle: (title) => common('documentTitle', { title }),
    }),
    [locale, t, common],
  );
  const onNotFound = useCallback(
    () => void navigate(paths.links.notFound.getHref(), { replace: true }),
    [navigate],
  );
  return (
    <LinkWordsContext value={words}>
      <PublicHeader />
      <MainContent className="mx-auto w-full max-w-xl flex-1 px-4 py-6 sm:px-6 sm:py-10 lg:max-w-5xl">
        <LinkPage key={nestLinkId} nestLinkId={nestLinkId} onNotFound={onNotFound} />
      </MainContent>
      <PublicFooter />
    </LinkWordsContext>
  );
}

import { useTranslation } from 'react-i18next';
import { MainContent } from '@/components/layout/main-content';
import { PageTitle } from '@/components/layout/page-title';
import { PublicFooter } from '@/components/layout/public-footer';
import { PublicHeader } from '@/components/layout/public-header';

/** The public page of one offer link (/links/:nestLinkId), opened from a shared link or a QR code. */
export function Component() {
  const { t } = useTranslation('links');
  return (
    <>
      <PublicHeader />
      <MainContent className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6">
        <PageTitle>{t('pages.link')}</PageTitle>
      </MainContent>
      <PublicFooter />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { MainContent } from '@/components/layout/main-content';
import { PageTitle } from '@/components/layout/page-title';
import { PublicFooter } from '@/components/layout/public-footer';
import { PublicHeader } from '@/components/layout/public-header';
import { LegalDocumentList } from '@/features/legal/components/legal-document-list';

/** /legal: every legal document. */
export function Component() {
  const { t } = useTranslation('legal');
  return (
    <>
      <PublicHeader />
      <MainContent className="mx-auto w-full max-w-4xl flex-1 px-4 py-10 sm:px-6">
        <PageTitle>{t('title')}</PageTitle>
        <p className="-mt-2 mb-8 text-lg text-slate-600 dark:text-slate-300">{t('intro')}</p>
        <LegalDocumentList hrefOf={paths.legal.document.getHref} />
      </MainContent>
      <PublicFooter />
    </>
  );
}

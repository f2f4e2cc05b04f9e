import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** The merchant's account (/admin/app/account). */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.account')}</PageTitle>;
}

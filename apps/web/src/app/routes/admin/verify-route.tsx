import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** Checking a customer's pass at the counter (/admin/app/verify). */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.verify')}</PageTitle>;
}

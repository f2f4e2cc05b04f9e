import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** The merchant's customers (/admin/app/customers). */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.customers')}</PageTitle>;
}

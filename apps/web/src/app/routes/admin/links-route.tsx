import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** The merchant's offer links (/admin/app/links). */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.links')}</PageTitle>;
}

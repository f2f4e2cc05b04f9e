import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** The merchant's prices, i.e. offers (/admin/app/prices). */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.prices')}</PageTitle>;
}

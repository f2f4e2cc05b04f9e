import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** Plan choice (/admin/pricing), where the merchant guard sends a merchant without a plan. */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.pricing')}</PageTitle>;
}

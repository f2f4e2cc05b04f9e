import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** The merchant dashboard (/admin/app/dashboard). */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.dashboard')}</PageTitle>;
}

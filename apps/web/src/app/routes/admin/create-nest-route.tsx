import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** Onboarding: creating the merchant's nest (/admin/onboarding/create-nest). */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.createNest')}</PageTitle>;
}

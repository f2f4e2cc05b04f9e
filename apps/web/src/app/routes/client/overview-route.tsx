import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** The customer's overview (/client/app/overview). */
export function Component() {
  const { t } = useTranslation('client');
  return <PageTitle>{t('pages.overview')}</PageTitle>;
}

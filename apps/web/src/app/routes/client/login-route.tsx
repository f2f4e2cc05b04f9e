import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** Customer login (/client/login). */
export function Component() {
  const { t } = useTranslation('client');
  return <PageTitle>{t('pages.login')}</PageTitle>;
}

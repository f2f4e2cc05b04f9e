import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** After subscribing (/client/app/subscriptions/success). */
export function Component() {
  const { t } = useTranslation('client');
  return <PageTitle>{t('pages.subscriptionSuccess')}</PageTitle>;
}

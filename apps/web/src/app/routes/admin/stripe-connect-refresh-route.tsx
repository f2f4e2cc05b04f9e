import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** Payout account onboarding, link expired (/admin/onboarding/stripe-connect/refresh/:stripeConnectAccountId). */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.stripeConnectRefresh')}</PageTitle>;
}

import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';

/** Payout account onboarding, back from the provider (/admin/onboarding/stripe-connect/return/:stripeConnectAccountId). */
export function Component() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.stripeConnectReturn')}</PageTitle>;
}

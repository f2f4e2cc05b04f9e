import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { PayoutReturn } from '@/features/payouts/components/payout-return';

/**
 * Payout account onboarding, back from the provider
 * (/admin/onboarding/stripe-connect/return/:stripeConnectAccountId).
 */
export function Component() {
  const { t } = useTranslation('admin');
  const { stripeConnectAccountId = '' } = useParams();
  return (
    <div>
      <PageTitle>{t('pages.stripeConnectReturn')}</PageTitle>
      {/* Keyed so that another account id is a fresh check, never the previous answer. */}
      <PayoutReturn key={stripeConnectAccountId} accountId={stripeConnectAccountId} />
    </div>
  );
}

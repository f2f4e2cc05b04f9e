import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { PayoutRefresh } from '@/features/payouts/components/payout-refresh';

/**
 * Payout account onboarding, link expired (/admin/onboarding/stripe-connect/refresh/:stripeConnectAccountId).
 * Only the account id is read from the address; any query string (a `redirect=`…) is ignored.
 */
export function Component() {
  const { t } = useTranslation('admin');
  const { stripeConnectAccountId = '' } = useParams();
  return (
    <div>
      <PageTitle>{t('pages.stripeConnectRefresh')}</PageTitle>
      <PayoutRefresh key={stripeConnectAccountId} accountId={stripeConnectAccountId} />
    </div>
  );
}

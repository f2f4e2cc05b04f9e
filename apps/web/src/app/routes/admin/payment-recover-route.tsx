import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { getCurrentMerchantQueryOptions, useCurrentMerchant } from '@/features/auth/api/get-current-merchant';
import { getPlanStateQueryOptions } from '@/features/plans/api/get-plan-state';
import { PaymentRecovery } from '@/features/plans/components/payment-recovery';
import { paths } from '../../paths';

/** Onboarding: paying an overdue plan invoice (/admin/onboarding/payment/recover[?session_id=…]). */
export function Component() {
  const { t } = useTranslation('admin');
  const { data: merchant } = useCurrentMerchant();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  // The guard reads the merchant's next payment date: it must see the paid-up plan, not the cached one.
  const openDashboard = async () => {
    await queryClient.fetchQuery({ ...getCurrentMerchantQueryOptions(), staleTime: 0 });
    navigate(paths.admin.app.dashboard.getHref(), { replace: true });
  };

  return (
    <div>
      <PageTitle>{t('pages.paymentRecover')}</PageTitle>
      {merchant ? (
        <PaymentRecovery
          planQuery={getPlanStateQueryOptions(merchant.id)}
          timeZone={merchant.time_zone}
          returnedFromCardPage={searchParams.has('session_id')}
          onRecovered={openDashboard}
        />
      ) : null}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/components/layout/page-title';
import { getCurrentMerchantQueryOptions } from '@/features/auth/api/get-current-merchant';
import { PaymentConfirmation } from '@/features/plans/components/payment-confirmation';
import { usePlanConfirmation } from '@/features/plans/plan-confirmation';

/** Onboarding: back from the plan checkout (/admin/onboarding/payment/success?session_id=…). */
export function Component() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('pages.paymentSuccess'));
  const confirmation = usePlanConfirmation(getCurrentMerchantQueryOptions());
  return (
    <PaymentConfirmation
      status={confirmation.status}
      merchant={confirmation.merchant}
      onRetry={confirmation.retry}
    />
  );
}

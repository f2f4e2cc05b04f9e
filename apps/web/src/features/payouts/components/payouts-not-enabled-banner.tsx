import { canTakePayments } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { usePayoutAccount } from '../api/get-payout-account';
import { useStartPayoutOnboarding } from '../api/start-payout-onboarding';

/**
 * Until the provider lets the merchant charge, links cannot take payments: the dashboard says so and
 * offers to finish payout onboarding (straight to the provider's page). Shows nothing once enabled, and
 * nothing while the status is unknown (a banner that flickers away is worse than none).
 */
export function PayoutsNotEnabledBanner() {
  const { t } = useTranslation('payouts');
  const errorMessage = useApiErrorMessage();
  const account = usePayoutAccount();
  const start = useStartPayoutOnboarding();
  if (!account.data || canTakePayments(account.data)) return null;
  const status = account.data.status;
  return (
    <section
      aria-labelledby="payouts-banner-title"
      className="mb-6 flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950/60"
    >
      <div className="text-sm text-amber-900 dark:text-amber-100">
        <h2 id="payouts-banner-title" className="font-semibold">
          {t('banner.title')}
        </h2>
        <p className="mt-1">{t(`banner.${status}`)}</p>
        {start.isError ? (
          <p role="alert" className="mt-2 font-medium text-red-800 dark:text-red-300">
            {errorMessage(start.error)}
          </p>
        ) : null}
      </div>
      <Button
        className="shrink-0"
        disabled={start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
      >
        {start.isPending || start.isSuccess
          ? t('onboarding.redirecting')
          : status === 'none'
            ? t('banner.start')
            : t('banner.finish')}
      </Button>
    </section>
  );
}

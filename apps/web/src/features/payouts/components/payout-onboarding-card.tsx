import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { usePayoutAccount } from '../api/get-payout-account';
import { useStartPayoutOnboarding } from '../api/start-payout-onboarding';

/**
 * Onboarding's second step: connect a payout account at the payment provider (its hosted page), or
 * skip and finish later. Until payouts are on, links cannot take payments; the dashboard keeps saying so.
 */
export function PayoutOnboardingCard() {
  const { t } = useTranslation('payouts');
  const errorMessage = useApiErrorMessage();
  const account = usePayoutAccount();
  const start = useStartPayoutOnboarding();
  const enabled = account.data?.charges_enabled === true;
  const started = account.data && account.data.status !== 'none';

  return (
    <section
      aria-labelledby="payout-onboarding-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="payout-onboarding-title" className="text-xl font-semibold tracking-tight">
        {enabled ? t('onboarding.enabledTitle') : t('onboarding.title')}
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        {enabled ? t('onboarding.enabledText') : t('onboarding.intro')}
      </p>
      {enabled ? null : (
        <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-600 dark:text-slate-300">
          <li>{t('onboarding.point1')}</li>
          <li>{t('onboarding.point2')}</li>
          <li>{t('onboarding.point3')}</li>
        </ul>
      )}
      {start.isError ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {errorMessage(start.error)}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {enabled ? (
          <Link to={paths.admin.app.prices.getHref()} className={buttonClasses({ size: 'lg' })}>
            {t('onboarding.createOffer')}
          </Link>
        ) : (
          <>
            <Link
              to={paths.admin.app.dashboard.getHref()}
              className={buttonClasses({ variant: 'ghost', size: 'lg' })}
            >
              {t('onboarding.skip')}
            </Link>
            <Button
              size="lg"
              // Still true while the browser leaves for the provider: no second click meanwhile.
              disabled={start.isPending || start.isSuccess || account.isPending}
              onClick={() => start.mutate()}
            >
              {start.isPending || start.isSuccess
                ? t('onboarding.redirecting')
                : started
                  ? t('onboarding.continue')
                  : t('onboarding.start')}
            </Button>
          </>
        )}
      </div>
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400">{t('onboarding.later')}</p>
    </section>
  );
}

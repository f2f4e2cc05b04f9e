import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { buttonClasses } from '@/components/ui/button';
import { usePlanState } from '../api/get-plan-state';

/** The merchant's own plan payment failed: say so and point to the page that settles it. */
export function PlanPaymentFailingBanner({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation('plans');
  const state = usePlanState(merchantId).data;
  if (!state || !(state.has_unpaid_invoices || state.status === 'past_due' || state.status === 'unpaid'))
    return null;
  return (
    <section
      aria-labelledby="plan-failing-banner-title"
      data-testid="plan-failing-banner"
      className="mb-6 flex flex-col gap-4 rounded-xl border border-red-300 bg-red-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950/60"
    >
      <div className="text-sm text-red-900 dark:text-red-100">
        <h2 id="plan-failing-banner-title" className="font-semibold">
          {t('failingBanner.title')}
        </h2>
        <p className="mt-1">{t('failingBanner.body')}</p>
      </div>
      <Link to={paths.admin.onboarding.paymentRecover.getHref()} className={buttonClasses({}, 'shrink-0')}>
        {t('failingBanner.action')}
      </Link>
    </section>
  );
}

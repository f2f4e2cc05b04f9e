import type { Merchant } from '@nest/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { useFormatDate } from '@/lib/dates';
import type { ConfirmationStatus } from '../plan-confirmation';
import { StatusIcon } from './status-icon';

/** How long the confirmed page stays before moving on by itself (long enough to read it). */
export const CONTINUE_AFTER_MS = 3_000;

interface PaymentConfirmationProps {
  status: ConfirmationStatus;
  merchant: Merchant | undefined;
  onRetry: () => void;
}

/**
 * Back from the provider's checkout: waits for the plan to be confirmed, then says so and moves on to
 * the next onboarding step (creating the nest), or to the dashboard for a merchant who already has one.
 */
export function PaymentConfirmation({ status, merchant, onRetry }: PaymentConfirmationProps) {
  const { t } = useTranslation('plans');
  const { t: tAdmin } = useTranslation('admin');
  const formatDate = useFormatDate();
  const navigate = useNavigate();
  const onboarded = Boolean(merchant?.onboarded_at);
  const next = onboarded ? paths.admin.app.dashboard.getHref() : paths.admin.onboarding.createNest.getHref();

  useEffect(() => {
    if (status !== 'confirmed') return;
    const timer = window.setTimeout(() => navigate(next, { replace: true }), CONTINUE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [status, next, navigate]);

  const subscription = merchant?.subscription;
  return (
    <section
      aria-labelledby="payment-confirmation-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900"
    >
      <StatusIcon kind={status === 'confirmed' ? 'success' : status === 'slow' ? 'warning' : 'pending'} />
      <h1 id="payment-confirmation-title" className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">
        {status === 'slow' ? t('success.slowTitle') : tAdmin('pages.paymentSuccess')}
      </h1>
      <div role="status" aria-live="polite" className="mt-3 text-slate-600 dark:text-slate-300">
        {status === 'waiting' ? <p>{t('success.activating')}</p> : null}
        {status === 'confirmed' && subscription?.next_payment_at ? (
          <>
            <p>
              {t('success.active', {
                plan: t(`names.${subscription.plan}`),
                date: formatDate(subscription.next_payment_at, { timeZone: merchant?.time_zone }),
              })}
            </p>
            <p className="mt-2">{onboarded ? t('success.nextDashboard') : t('success.nextNest')}</p>
          </>
        ) : null}
        {status === 'slow' ? <p>{t('success.slowHint')}</p> : null}
      </div>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {status === 'confirmed' ? (
          <Link to={next} replace className={buttonClasses({ size: 'lg' })}>
            {onboarded ? t('success.continueDashboard') : t('success.continueNest')}
          </Link>
        ) : null}
        {status === 'slow' ? (
          <>
            <Button size="lg" onClick={onRetry}>
              {t('success.checkAgain')}
            </Button>
            <Link
              to={paths.admin.pricing.getHref()}
              className={buttonClasses({ variant: 'secondary', size: 'lg' })}
            >
              {t('success.backToPricing')}
            </Link>
          </>
        ) : null}
      </div>
      {status === 'confirmed' ? (
        <p className="mt-4 text-sm text-slate-500 dark:text-slate-400">{t('success.continuingSoon')}</p>
      ) : null}
    </section>
  );
}

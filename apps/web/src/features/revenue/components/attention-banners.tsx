import type { RevenueSummary } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { buttonClasses } from '@/components/ui/button';
import { useLinks } from '@/features/links/api/get-links';
import { useOffers } from '@/features/offers/api/get-offers';
import { useCounterTried } from '@/features/verification/api/verify';

/** Subscribers whose renewal failed: how many, and the way to them (the customers screen, filtered). */
export function PastDueBanner({ summary }: { summary: RevenueSummary }) {
  const { t } = useTranslation('revenue');
  const count = summary.past_due_subscribers;
  if (count === 0) return null;
  return (
    <section
      aria-labelledby="past-due-banner-title"
      data-testid="past-due-banner"
      className="mb-6 flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-amber-800 dark:bg-amber-950/60"
    >
      <div className="text-sm text-amber-900 dark:text-amber-100">
        <h2 id="past-due-banner-title" className="font-semibold">
          {t('attention.pastDueTitle', { count })}
        </h2>
        <p className="mt-1">{t('attention.pastDue')}</p>
      </div>
      <Link
        to={`${paths.admin.app.customers.getHref()}?status=past_due`}
        className={buttonClasses({ variant: 'secondary' }, 'shrink-0')}
      >
        {t('attention.pastDueLink', { count })}
      </Link>
    </section>
  );
}

/**
 * A merchant with nothing sold yet: what to do next instead of empty panels. A step already done (an
 * offer on sale, a link made, a pass checked at the counter) is ticked, and the first one left is the button to press. The ticks take
 * the place of the step's number, so nothing moves when they arrive.
 */
export function FirstSteps() {
  const { t } = useTranslation('revenue');
  const hasOffer = (useOffers('active').data?.pages[0]?.items.length ?? 0) > 0;
  const hasLink = (useLinks().data?.items.length ?? 0) > 0;
  const counterTried = useCounterTried().data ?? false;
  const steps = [
    {
      to: paths.admin.app.prices.getHref(),
      title: t('empty.offerTitle'),
      text: t('empty.offer'),
      action: t('empty.offerAction'),
      done: hasOffer,
    },
    {
      to: paths.admin.app.links.getHref(),
      title: t('empty.posterTitle'),
      text: t('empty.poster'),
      action: t('empty.posterAction'),
      done: hasLink,
    },
    {
      to: paths.admin.app.verify.getHref(),
      title: t('empty.counterTitle'),
      text: t('empty.counter'),
      action: t('empty.counterAction'),
      done: counterTried,
    },
  ];
  const next = steps.findIndex((step) => !step.done);
  return (
    <section
      aria-labelledby="first-steps-title"
      data-testid="first-steps"
      className="mb-6 rounded-2xl border border-brand-200 bg-brand-50 p-5 dark:border-brand-900 dark:bg-brand-950/40"
    >
      <h2 id="first-steps-title" className="text-lg font-semibold tracking-tight">
        {t('empty.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {next === -1 ? t('empty.ready') : t('empty.intro')}
      </p>
      <ol className="mt-4 grid gap-3 md:grid-cols-3">
        {steps.map((step, i) => (
          <li
            key={step.to}
            data-step-done={step.done ? 'true' : undefined}
            data-next-step={i === next ? 'true' : undefined}
            className="flex flex-col rounded-xl bg-white p-4 shadow-sm dark:bg-slate-900"
          >
            <span className="text-xs font-semibold text-brand-700 dark:text-brand-300">
              {step.done ? (
                <>
                  <span aria-hidden="true">✓ </span>
                  {t('empty.done')}
                </>
              ) : (
                i + 1
              )}
            </span>
            <h3 className="mt-1 font-medium">{step.title}</h3>
            <p className="mt-1 flex-1 text-sm text-slate-600 dark:text-slate-300">{step.text}</p>
            <Link
              to={step.to}
              className={buttonClasses({ variant: i === next ? 'primary' : 'secondary' }, 'mt-3 self-start')}
            >
              {step.action}
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

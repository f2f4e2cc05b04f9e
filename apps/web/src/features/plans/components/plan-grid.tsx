import { type PlanId, type PlanOffer, planIds, plans } from '@nest/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useFormatMoney } from '@/lib/money';

const RECOMMENDED: PlanId = 'pro';

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      aria-hidden="true"
      className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400"
      fill="currentColor"
    >
      <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0" />
    </svg>
  );
}

interface PlanGridProps {
  /** Prices from the API, when they arrived. */
  offers: readonly PlanOffer[] | undefined;
  /** Shown in place of a price while prices are loading or unavailable. */
  priceFallback: ReactNode;
  /** The call to action of each plan (e.g. a link to signup). */
  renderAction: (plan: PlanId, planName: string) => ReactNode;
  /** The merchant's plan, highlighted instead of the most popular one. */
  currentPlan?: PlanId | null;
  /** The level of each plan's name: 3 inside a page section, 2 when the plans are the page. */
  headingLevel?: 2 | 3;
}

/**
 * The three plans of the catalogue (packages/contracts plans.ts): features, support and monthly
 * revenue limit from the catalogue, prices from the API (never written in the code).
 */
export function PlanGrid({
  offers,
  priceFallback,
  renderAction,
  currentPlan = null,
  headingLevel = 3,
}: PlanGridProps) {
  const { t } = useTranslation('plans');
  const money = useFormatMoney();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const FeaturesHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {planIds.map((id) => {
        const plan = plans[id];
        const offer = offers?.find((o) => o.id === id);
        const name = t(`names.${id}`);
        const current = id === currentPlan;
        const recommended = !currentPlan && id === RECOMMENDED;
        const highlighted = current || recommended;
        return (
          <li
            key={id}
            data-plan={id}
            data-current-plan={current || undefined}
            aria-labelledby={`plan-${id}-name`}
            className={cn(
              'flex flex-col rounded-2xl border bg-white p-6 shadow-sm dark:bg-slate-900',
              highlighted
                ? 'border-brand-600 ring-1 ring-brand-600 dark:border-brand-400 dark:ring-brand-400'
                : 'border-slate-200 dark:border-slate-800',
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <Heading id={`plan-${id}-name`} className="text-lg font-semibold">
                {name}
              </Heading>
              {highlighted ? (
                <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-200">
                  {current ? t('current') : t('recommended')}
                </span>
              ) : null}
            </div>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t(`descriptions.${id}`)}</p>
            <p className="mt-5 text-2xl font-semibold" data-plan-price>
              {offer
                ? t('pricePerMonth', { amount: money(offer.price_cents, offer.currency) })
                : priceFallback}
            </p>
            <p className="mt-2 text-sm font-medium text-slate-700 dark:text-slate-200" data-plan-limit>
              {plan.revenueLimitCents === null
                ? t('noRevenueLimit')
                : t('revenueLimit', { amount: money(plan.revenueLimitCents, 'eur') })}
            </p>
            <FeaturesHeading className="sr-only">{t('featuresOf', { plan: name })}</FeaturesHeading>
            <ul className="mt-5 flex flex-1 flex-col gap-2 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <CheckIcon />
                  {t(`features.${feature}`)}
                </li>
              ))}
              <li className="flex gap-2">
                <CheckIcon />
                {t(`support.${plan.support}`)}
              </li>
            </ul>
            <div className="mt-6">{renderAction(id, name)}</div>
          </li>
        );
      })}
    </ul>
  );
}

import type { RevenueSummary } from '@nest/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/app/paths';
import { PageTitle } from '@/components/layout/page-title';
import { currentMerchantQueryKey, useCurrentMerchant } from '@/features/auth/api/get-current-merchant';
import { useEvents } from '@/features/events/api/merchant-events';
import { EventsSummary } from '@/features/events/components/events-summary';
import { usePayoutAccount } from '@/features/payouts/api/get-payout-account';
import { PayoutsNotEnabledBanner } from '@/features/payouts/components/payouts-not-enabled-banner';
import { usePlanState } from '@/features/plans/api/get-plan-state';
import { PlanPaymentFailingBanner } from '@/features/plans/components/plan-payment-failing-banner';
import { UpgradePlanButton } from '@/features/plans/components/upgrade-plan-button';
import { revenueQueryKey, useRevenue } from '@/features/revenue/api/get-revenue';
import { useSummary } from '@/features/revenue/api/get-summary';
import { FirstSteps, PastDueBanner } from '@/features/revenue/components/attention-banners';
import { MoneyActivity } from '@/features/revenue/components/money-activity';
import { MoneyFigures } from '@/features/revenue/components/money-figures';
import { RevenueLimitBanner } from '@/features/revenue/components/revenue-limit-banner';
import { RevenuePanel } from '@/features/revenue/components/revenue-panel';

/** The chart library (uPlot) is downloaded with the charts only, after the figures have painted (ADR 123). */
const loadMoneyCharts = () => import('@/features/revenue/components/charts');
type MoneyChartsType = ComponentType<{ summary: RevenueSummary }>;

/**
 * The charts once their code is here. Asked for after the first commit, so the page's first render is
 * the same on the server, which paints it, and in the browser, which adopts it (ADR 209); and only once
 * their place comes within 300 px of the view: on a phone they sit below the figures, and
 * a merchant who reads the figures and leaves never pays for a chart library.
 */
function useMoneyCharts(area: RefObject<HTMLElement | null>, wanted: boolean): MoneyChartsType | null {
  const [charts, setCharts] = useState<{ Component: MoneyChartsType } | null>(null);
  useEffect(() => {
    const element = area.current;
    if (!wanted || charts || !element) return;
    let live = true;
    const load = () =>
      void loadMoneyCharts().then((module) => {
        if (live) setCharts({ Component: module.default });
      });
    if (typeof IntersectionObserver === 'undefined') {
      load();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        load();
      },
      { rootMargin: '0px 0px 300px 0px' },
    );
    observer.observe(element);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [area, wanted, charts]);
  return charts?.Component ?? null;
}

/** The merchant dashboard (/admin/app/dashboard): what needs action, the month's figures, charts, money moves. */
export function Component() {
  const { t } = useTranslation('admin');
  const { t: tRevenue } = useTranslation('revenue');
  const queryClient = useQueryClient();
  const merchant = useCurrentMerchant().data;
  const summary = useSummary(merchant?.id ?? '');
  // The sections and banners come from five calls that answer in any order; painting each as it
  // arrives pushed the ones already painted down the page (a layout shift of 0.14–0.23 measured).
  // The page waits for the first answer of each (an error counts), then paints once. Once painted it
  // stays: a call that failed is asked again when its section mounts, and is pending again meanwhile.
  const firstAnswers = [
    summary,
    useRevenue(),
    usePayoutAccount(),
    usePlanState(merchant?.id ?? ''),
    useEvents('upcoming'),
  ];
  const answered = useRef(false);
  if (!firstAnswers.some((query) => query.isPending)) answered.current = true;
  const data = summary.data;
  const nothingYet =
    data !== undefined &&
    data.recent_transactions.length === 0 &&
    data.current.active_subscribers === 0 &&
    data.previous.active_subscribers === 0;
  const chartsArea = useRef<HTMLDivElement>(null);
  const MoneyCharts = useMoneyCharts(chartsArea, answered.current && data !== undefined && !nothingYet);
  if (!merchant) return <PageTitle>{t('pages.dashboard')}</PageTitle>;
  if (!answered.current) {
    return (
      <>
        <PageTitle>{t('pages.dashboard')}</PageTitle>
        <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
          {tRevenue('summaryLoading')}
        </p>
      </>
    );
  }

  const upgrade = (
    <UpgradePlanButton
      merchantId={merchant.id}
      timeZone={merchant.time_zone}
      label={tRevenue('banner.upgrade')}
      onChanged={() => {
        void queryClient.invalidateQueries({ queryKey: currentMerchantQueryKey });
        void queryClient.invalidateQueries({ queryKey: revenueQueryKey });
      }}
    />
  );
  return (
    <>
      <PageTitle>{t('pages.dashboard')}</PageTitle>
      {/* Until payouts are on, links cannot take payments: say so first. */}
      <PayoutsNotEnabledBanner />
      <PlanPaymentFailingBanner merchantId={merchant.id} />
      <RevenueLimitBanner upgrade={upgrade} />
      {data ? <PastDueBanner summary={data} /> : null}
      {nothingYet ? <FirstSteps /> : null}
      {summary.isError ? (
        <p role="alert" className="mb-6 text-sm text-red-700 dark:text-red-400">
          {tRevenue('summaryFailed')}
        </p>
      ) : null}
      {data ? <MoneyFigures summary={data} /> : null}
      <RevenuePanel forecastCents={data?.forecast?.month_end_cents} upgrade={upgrade} />
      <EventsSummary eventsHref={paths.admin.app.events.getHref()} />
      {data ? <MoneyActivity summary={data} /> : null}
      {/* Last: the charts arrive with their library after the rest has painted, and push nothing down. */}
      {data && !nothingYet ? (
        <div data-charts="" ref={chartsArea}>
          {MoneyCharts ? (
            <MoneyCharts summary={data} />
          ) : (
            <p role="status" className="mb-6 text-sm text-slate-500 dark:text-slate-400">
              {tRevenue('charts.loading')}
            </p>
          )}
        </div>
      ) : null}
    </>
  );
}

import type { RevenueFigures, RevenueSummary } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useFormatMoney } from '@/lib/money';
import { useFormatters } from './use-formatters';

type FigureKey = Exclude<keyof RevenueFigures, 'cancellations'>;

/** Which way is good news: more churn is bad, more of everything else is good. */
const goodWhenUp: Record<FigureKey, boolean> = {
  revenue_cents: true,
  mrr_cents: true,
  committed_mrr_cents: true,
  active_subscribers: true,
  new_subscribers: true,
  churn_rate: false,
  check_ins: true,
  pending_payout_cents: true,
};

const order: FigureKey[] = [
  'revenue_cents',
  'mrr_cents',
  'committed_mrr_cents',
  'active_subscribers',
  'new_subscribers',
  'churn_rate',
  'check_ins',
  'pending_payout_cents',
];

/** What adds up over the month: while it is under way, compared with as much of last month (ADR 225). */
type FlowKey = 'revenue_cents' | 'new_subscribers' | 'check_ins';
const isFlow = (key: FigureKey): key is FlowKey =>
  key === 'revenue_cents' || key === 'new_subscribers' || key === 'check_ins';

/**
 * The month's figures, each with its change from last month (an amount, a count or percentage
 * points, and a percentage where last month was not zero). Pending payout is a balance of now. While
 * the month is under way, what adds up over it (revenue, new subscribers, check-ins) is compared with
 * the same part of last month, not all of it: on the 2nd, two days against two days.
 */
export function MoneyFigures({ summary }: { summary: RevenueSummary }) {
  const { t } = useTranslation('revenue');
  const money = useFormatMoney();
  const f = useFormatters(summary.time_zone);

  const show = (key: FigureKey, value: number | null) => {
    if (value === null) return '—';
    if (key.endsWith('_cents')) return money(value, summary.currency);
    if (key === 'churn_rate') return f.percent(value);
    return f.number(value);
  };

  const changeOf = (key: FigureKey) => {
    const now = summary.current[key];
    const toDate = isFlow(key) ? summary.previous_to_date?.[key] : undefined;
    const before = toDate ?? summary.previous[key];
    if (key === 'pending_payout_cents' || now === null || before === null) return null;
    const delta = now - before;
    const signed = (text: string) => (delta > 0 ? `+${text}` : delta < 0 ? `−${text}` : text);
    const amount =
      key === 'churn_rate'
        ? t('figures.points', { points: f.number(Math.round(Math.abs(delta) * 1000) / 10) })
        : key.endsWith('_cents')
          ? money(Math.abs(delta), summary.currency)
          : f.number(Math.abs(delta));
    const share = before === 0 || key === 'churn_rate' ? null : f.signedPercent(delta / Math.abs(before));
    const good = delta === 0 ? null : delta > 0 === goodWhenUp[key];
    return {
      text: share ? `${signed(amount)} (${share})` : signed(amount),
      good,
      delta,
      against: toDate === undefined ? t('figures.vsLastMonth') : t('figures.vsSameTimeLastMonth'),
    };
  };

  return (
    <section aria-labelledby="figures-title" className="mb-6">
      <h2 id="figures-title" className="sr-only">
        {t('figures.title', { month: f.month(summary.period.month) })}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {order.map((key) => {
          const changed = changeOf(key);
          return (
            <div
              key={key}
              data-figure={key}
              className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t(`figures.${key}`)}</dt>
              <dd
                className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl"
                data-testid={`figure-${key}`}
              >
                {show(key, summary.current[key])}
              </dd>
              <dd className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                {changed ? (
                  <>
                    <span
                      data-testid={`change-${key}`}
                      className={cn(
                        'font-medium tabular-nums',
                        changed.good === true && 'text-emerald-700 dark:text-emerald-400',
                        changed.good === false && 'text-red-700 dark:text-red-400',
                      )}
                    >
                      {changed.text}
                    </span>{' '}
                    {changed.against}
                  </>
                ) : key === 'pending_payout_cents' ? (
                  t('figures.pendingHint')
                ) : (
                  t('figures.noComparison')
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

import type { RevenueSummary } from '@nest/contracts';
import { numberFormat } from '@nest/contracts';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { useFormatMoney } from '@/lib/money';
import { type ChartSeries, UPlotChart } from './u-plot-chart';
import { useFormatters } from './use-formatters';

const colors = {
  revenue: { light: '#4f46e5', dark: '#818cf8' },
  active: { light: '#0f766e', dark: '#2dd4bf' },
  new: { light: '#2563eb', dark: '#60a5fa' },
  cancelled: { light: '#b91c1c', dark: '#f87171' },
  checkIns: { light: '#7c3aed', dark: '#a78bfa' },
};

interface ChartCardProps {
  title: string;
  description: string;
  legend: { label: string; color: { light: string; dark: string } }[];
  chart: ReactNode;
  caption: string;
  head: string[];
  rows: (string | number)[][];
  testId: string;
}

/** A chart with its legend, and its numbers as a table one click away (keyboard and screen readers). */
function ChartCard({ title, description, legend, chart, caption, head, rows, testId }: ChartCardProps) {
  const { t } = useTranslation('revenue');
  return (
    <Card title={title} description={description} className="min-w-0">
      {legend.length > 1 ? (
        <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
          {legend.map((item) => (
            <li key={item.label} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className="inline-block size-2.5 rounded-full bg-(--light) dark:bg-(--dark)"
                style={{ '--light': item.color.light, '--dark': item.color.dark } as React.CSSProperties}
              />
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
      {chart}
      <details className="mt-3 text-sm" data-testid={testId}>
        <summary className="cursor-pointer rounded font-medium text-brand-700 dark:text-brand-300">
          {t('charts.showTable')}
        </summary>
        <div className="mt-2 max-h-72 overflow-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">{caption}</caption>
            <thead className="text-slate-500 dark:text-slate-400">
              <tr>
                {head.map((h, i) => (
                  <th
                    key={h}
                    scope="col"
                    className={i === 0 ? 'py-1 pr-3 font-medium' : 'py-1 pl-3 text-right font-medium'}
                  >
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={String(row[0])} className="border-t border-slate-100 dark:border-slate-800">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key="label" scope="row" className="py-1 pr-3 font-normal">
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed
                      <td key={i} className="py-1 pl-3 text-right">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}

/** Revenue by month, subscribers over time, check-ins per day: uPlot charts, each with its table. */
export function MoneyCharts({ summary }: { summary: RevenueSummary }) {
  const { t } = useTranslation('revenue');
  const money = useFormatMoney();
  const f = useFormatters(summary.time_zone);
  const compactMoney = useMemo(() => {
    const format = numberFormat(f.locale, {
      style: 'currency',
      currency: summary.currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    return (cents: number) => format.format(cents / 100);
  }, [f.locale, summary.currency]);
  const whole = useMemo(() => {
    const format = numberFormat(f.locale, { maximumFractionDigits: 0 });
    return (n: number) => (Number.isInteger(n) ? format.format(n) : '');
  }, [f.locale]);

  const {
    revenue_by_month: revenue,
    subscribers_by_month: subscribers,
    check_ins_by_day: days,
  } = summary.series;
  const monthLabels = useMemo(() => revenue.map((m) => f.monthShort(m.month)), [revenue, f]);
  const dayLabels = useMemo(() => days.map((d) => f.dayShort(d.day)), [days, f]);
  const revenueSeries: ChartSeries[] = useMemo(
    () => [
      {
        label: t('charts.revenue'),
        values: revenue.map((m) => m.revenue_cents),
        color: colors.revenue,
        kind: 'bars',
      },
    ],
    [revenue, t],
  );
  const subscriberSeries: ChartSeries[] = useMemo(
    // Drawn in this order: the active line last, on top of the others.
    () => [
      {
        label: t('charts.cancelled'),
        values: subscribers.map((m) => m.cancelled),
        color: colors.cancelled,
        kind: 'line',
      },
      { label: t('charts.new'), values: subscribers.map((m) => m.new), color: colors.new, kind: 'line' },
      {
        label: t('charts.active'),
        values: subscribers.map((m) => m.active),
        color: colors.active,
        kind: 'line',
      },
    ],
    [subscribers, t],
  );
  const checkInSeries: ChartSeries[] = useMemo(
    () => [
      {
        label: t('charts.checkIns'),
        values: days.map((d) => d.check_ins),
        color: colors.checkIns,
        kind: 'bars',
      },
    ],
    [days, t],
  );

  return (
    <div className="mb-6 grid gap-4 lg:grid-cols-2">
      <ChartCard
        testId="chart-revenue"
        title={t('charts.revenueTitle')}
        description={t('charts.revenueHint')}
        legend={[]}
        chart={
          <UPlotChart
            label={t('charts.revenueTitle')}
            labels={monthLabels}
            labelEvery={2}
            series={revenueSeries}
            formatValue={compactMoney}
            minTop={10_000}
          />
        }
        caption={t('charts.revenueTitle')}
        head={[t('charts.month'), t('charts.revenue')]}
        rows={revenue.map((m) => [f.month(m.month), money(m.revenue_cents, summary.currency)])}
      />
      <ChartCard
        testId="chart-subscribers"
        title={t('charts.subscribersTitle')}
        description={t('charts.subscribersHint')}
        legend={[...subscriberSeries].reverse().map((s) => ({ label: s.label, color: s.color }))}
        chart={
          <UPlotChart
            label={t('charts.subscribersTitle')}
            labels={monthLabels}
            labelEvery={2}
            series={subscriberSeries}
            formatValue={whole}
            minTop={4}
          />
        }
        caption={t('charts.subscribersTitle')}
        head={[t('charts.month'), t('charts.active'), t('charts.new'), t('charts.cancelled')]}
        rows={subscribers.map((m) => [
          f.month(m.month),
          f.number(m.active),
          f.number(m.new),
          f.number(m.cancelled),
        ])}
      />
      <div className="lg:col-span-2">
        <ChartCard
          testId="chart-check-ins"
          title={t('charts.checkInsTitle')}
          description={t('charts.checkInsHint')}
          legend={[]}
          chart={
            <UPlotChart
              label={t('charts.checkInsTitle')}
              labels={dayLabels}
              labelEvery={7}
              series={checkInSeries}
              formatValue={whole}
              minTop={4}
            />
          }
          caption={t('charts.checkInsTitle')}
          head={[t('charts.day'), t('charts.checkIns')]}
          rows={days.map((d) => [f.day(d.day), f.number(d.check_ins)])}
        />
      </div>
    </div>
  );
}

export default MoneyCharts;

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { useFormatMoney } from '@/lib/money';
import { useRevenue } from '../api/get-revenue';
import { usePercent } from './use-percent';

interface RevenuePanelProps {
  /** The month's revenue at its end if it goes on as it went (the summary's forecast), when known. */
  forecastCents?: number | null | undefined;
  /** The way to a bigger plan (the dashboard passes the plan change); the warning banner carries it once shown. */
  upgrade?: ReactNode;
}

/**
 * The revenue-limit meter: this month's revenue against the plan's limit, with where the month is
 * heading (the forecast, drawn as a lighter bar behind the real one).
 */
export function RevenuePanel({ forecastCents, upgrade }: RevenuePanelProps) {
  const { t } = useTranslation('revenue');
  const money = useFormatMoney();
  const percent = usePercent();
  const revenue = useRevenue();

  if (revenue.isPending) {
    return (
      <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
        {t('panel.loading')}
      </p>
    );
  }
  if (!revenue.data) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {t('panel.failed')}
      </p>
    );
  }
  const data = revenue.data;
  const amount = money(data.month_cents, data.currency);
  const limit = data.limit_cents === null ? null : money(data.limit_cents, data.currency);
  const shown = data.ratio === null ? 0 : Math.min(100, Math.floor(data.ratio * 100));
  const forecast = forecastCents === null || forecastCents === undefined ? null : forecastCents;
  const forecastShare =
    forecast === null || data.limit_cents === null
      ? null
      : Math.min(100, Math.floor((forecast * 100) / data.limit_cents));
  const forecastOver = forecast !== null && data.limit_cents !== null && forecast >= data.limit_cents;

  return (
    <div className="mb-6">
      <Card
        title={t('panel.title')}
        actions={data.limit_cents !== null && !data.warning ? upgrade : undefined}
      >
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-3xl font-semibold tabular-nums" data-testid="month-revenue">
            {amount}
          </span>
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {limit === null ? t('panel.noLimit') : t('panel.ofLimit', { limit })}
          </span>
        </p>
        {limit !== null && data.ratio !== null ? (
          <>
            <div
              role="progressbar"
              aria-label={t('panel.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={shown}
              aria-valuetext={t('panel.progressText', { percent: percent(data.ratio), amount, limit })}
              className="relative mt-4 h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            >
              {forecastShare !== null ? (
                <div
                  aria-hidden="true"
                  data-testid="forecast-bar"
                  className="absolute inset-y-0 left-0 rounded-full bg-slate-300 dark:bg-slate-600"
                  style={{ width: `${forecastShare}%` }}
                />
              ) : null}
              <div
                className={cn(
                  'relative h-full rounded-full',
                  data.limit_reached
                    ? 'bg-red-600 dark:bg-red-500'
                    : data.warning
                      ? 'bg-amber-500 dark:bg-amber-400'
                      : 'bg-brand-600 dark:bg-brand-400',
                )}
                style={{ width: `${shown}%` }}
              />
            </div>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {t('panel.used', { percent: percent(data.ratio) })}
            </p>
            {forecast !== null ? (
              <p
                data-testid="forecast"
                className={cn(
                  'mt-1 text-sm',
                  forecastOver
                    ? 'font-medium text-amber-800 dark:text-amber-300'
                    : 'text-slate-600 dark:text-slate-300',
                )}
              >
                {t(forecastOver ? 'panel.forecastOver' : 'panel.forecast', {
                  amount: money(forecast, data.currency),
                })}
              </p>
            ) : null}
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('panel.noLimitHint')}</p>
        )}
      </Card>
    </div>
  );
}

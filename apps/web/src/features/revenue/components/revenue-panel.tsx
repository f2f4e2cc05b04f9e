import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { useFormatMoney } from '@/lib/money';
import { useRevenue } from '../api/get-revenue';
import { usePercent } from './use-percent';

/** The dashboard's figures: this month's revenue against the plan's limit, and live subscribers. */
export function RevenuePanel() {
  const { t, i18n } = useTranslation('revenue');
  const money = useFormatMoney();
  const percent = usePercent();
  const revenue = useRevenue();
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language);

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

  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Card title={t('panel.title')} className="md:col-span-2">
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
              className="mt-4 h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            >
              <div
                className={cn(
                  'h-full rounded-full',
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
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('panel.noLimitHint')}</p>
        )}
      </Card>
      <Card title={t('panel.subscribers')}>
        <p className="text-3xl font-semibold tabular-nums" data-testid="active-subscribers">
          {number.format(data.active_subscribers)}
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('panel.subscribersHint')}</p>
      </Card>
    </div>
  );
}

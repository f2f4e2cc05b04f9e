import type { LedgerEntry, RevenueSummary } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { useFormatMoney } from '@/lib/money';
import { useFormatters } from './use-formatters';

/** The latest ledger rows and the payouts, with the way to the full list of transactions. */
export function MoneyActivity({ summary }: { summary: RevenueSummary }) {
  const { t } = useTranslation('revenue');
  const money = useFormatMoney();
  const f = useFormatters(summary.time_zone);
  const kind = (entry: LedgerEntry) => t(`ledger.kinds.${entry.kind}`, { defaultValue: entry.kind });
  const payout = (entry: LedgerEntry | null, empty: string, testId: string) => (
    <div data-testid={testId}>
      {entry ? (
        <>
          <p className="text-lg font-semibold tabular-nums">{money(-entry.amount_cents, entry.currency)}</p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t(`ledger.payoutStatus.${entry.status}`, { defaultValue: entry.status })} ·{' '}
            {f.dateTime(entry.occurred_at)}
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      )}
    </div>
  );

  return (
    <div className="mb-6 grid gap-4 lg:grid-cols-3">
      <Card
        title={t('ledger.recentTitle')}
        className="min-w-0 lg:col-span-2"
        actions={
          <Link
            to={paths.admin.app.transactions.getHref()}
            className="rounded text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-300"
          >
            {t('ledger.all')}
          </Link>
        }
      >
        {summary.recent_transactions.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('ledger.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800" data-testid="recent-transactions">
            {summary.recent_transactions.map((entry) => (
              <li
                key={entry.id}
                className="flex items-center justify-between gap-3 py-2.5"
                data-kind={entry.kind}
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">
                    {kind(entry)}
                    {entry.customer_name || entry.customer_email ? (
                      <span className="font-normal text-slate-600 dark:text-slate-300">
                        {' '}
                        · {entry.customer_name ?? entry.customer_email}
                      </span>
                    ) : null}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {f.dateTime(entry.occurred_at)}
                  </p>
                </div>
                <span
                  className={cn(
                    'shrink-0 text-sm font-semibold tabular-nums',
                    entry.amount_cents < 0
                      ? 'text-slate-700 dark:text-slate-200'
                      : 'text-emerald-700 dark:text-emerald-400',
                  )}
                >
                  {entry.amount_cents > 0 ? '+' : ''}
                  {money(entry.amount_cents, entry.currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('ledger.payoutsTitle')}>
        <div className="flex flex-col gap-4">
          <div>
            <h3 className="text-sm text-slate-500 dark:text-slate-400">{t('ledger.nextPayout')}</h3>
            {payout(summary.payouts.next, t('ledger.noNextPayout'), 'next-payout')}
          </div>
          <div>
            <h3 className="text-sm text-slate-500 dark:text-slate-400">{t('ledger.lastPayout')}</h3>
            {payout(summary.payouts.last, t('ledger.noLastPayout'), 'last-payout')}
          </div>
        </div>
      </Card>
    </div>
  );
}

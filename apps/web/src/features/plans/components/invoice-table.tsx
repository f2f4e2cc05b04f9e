import { labelColon, type PlanInvoice } from '@nest/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useFormatDate } from '@/lib/dates';
import { declineReason } from '@/lib/decline-reason';
import { useFormatMoney } from '@/lib/money';

const statusTone: Record<PlanInvoice['status'], string> = {
  paid: 'bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-200',
  open: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  uncollectible: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  draft: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  void: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

interface InvoiceTableProps {
  invoices: readonly PlanInvoice[];
  /** The merchant's time zone: dates are the business's dates. */
  timeZone: string | undefined;
  caption: string;
  /** unpaid: what is owed and why the last attempt failed; history: every invoice and its status. */
  variant: 'unpaid' | 'history';
  /** A paid invoice's receipt (history): the cell that downloads it, or null when it has none. */
  renderReceipt?: (invoice: PlanInvoice, description: string) => ReactNode;
}

/**
 * Plan invoices as a table on wide screens and as a list of cards on phones (each cell then carries
 * its own label), so nothing needs horizontal scrolling.
 */
export function InvoiceTable({ invoices, timeZone, caption, variant, renderReceipt }: InvoiceTableProps) {
  const { t, i18n } = useTranslation('plans');
  const money = useFormatMoney();
  const formatDate = useFormatDate();
  const date = (iso: string) => formatDate(iso, { timeZone, style: 'long' });
  const cell = 'block px-0 py-0.5 sm:table-cell sm:px-3 sm:py-3';
  const label = 'font-medium text-slate-500 sm:hidden dark:text-slate-400';
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="hidden border-b border-slate-200 text-slate-500 sm:table-header-group dark:border-slate-800 dark:text-slate-400">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            {t('invoices.date')}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {t('invoices.description')}
          </th>
          <th scope="col" className="px-3 py-2 text-right font-medium">
            {t('invoices.amount')}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            {variant === 'unpaid' ? t('invoices.lastAttempt') : t('invoices.status')}
          </th>
          {renderReceipt ? (
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t('invoices.receipt')}
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
        {invoices.map((invoice) => {
          const plan = invoice.plan ? t(`names.${invoice.plan}`) : '';
          const period =
            invoice.period_start && invoice.period_end
              ? t('invoices.period', { start: date(invoice.period_start), end: date(invoice.period_end) })
              : null;
          const amount =
            variant === 'unpaid' || invoice.status !== 'paid'
              ? invoice.amount_due_cents
              : invoice.amount_paid_cents;
          return (
            <tr key={invoice.id} data-invoice={invoice.id} className="block py-3 sm:table-row sm:py-0">
              <td className={cell}>
                <span className={label}>{labelColon(t('invoices.date'), i18n.language)} </span>
                {date(invoice.issued_at)}
              </td>
              <td className={cell}>
                <span className={label}>{labelColon(t('invoices.description'), i18n.language)} </span>
                {t(`invoices.reasons.${invoice.billing_reason}`, { plan })}
                {period ? (
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{period}</span>
                ) : null}
              </td>
              <td className={cn(cell, 'tabular-nums sm:text-right')}>
                <span className={label}>{labelColon(t('invoices.amount'), i18n.language)} </span>
                {money(amount, invoice.currency)}
              </td>
              <td className={cell}>
                <span className={label}>
                  {variant === 'unpaid' ? t('invoices.lastAttempt') : t('invoices.status')}:{' '}
                </span>
                {variant === 'unpaid' ? (
                  invoice.attempt_count > 0 ? (
                    t('invoices.failedAttempt', {
                      reason: t(`declines.${declineReason(invoice.last_failure_code)}`),
                    })
                  ) : (
                    t('invoices.notAttempted')
                  )
                ) : (
                  <span
                    className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusTone[invoice.status])}
                  >
                    {t(`invoices.statuses.${invoice.status}`)}
                  </span>
                )}
              </td>
              {renderReceipt ? (
                <td className={cn(cell, 'pt-2 sm:text-right')}>
                  {renderReceipt(invoice, `${date(invoice.issued_at)}, ${money(amount, invoice.currency)}`)}
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { useFormatMoney } from '@/lib/money';
import { useInvoiceHistory } from '../api/subscriptions';

/** The subscription's invoices and receipts, folded away until asked for (then fetched). */
export function InvoiceHistory({ subscriptionId }: { subscriptionId: string }) {
  const { t } = useTranslation('subscriptions');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const history = useInvoiceHistory(subscriptionId, open);
  const money = useFormatMoney();
  const date = useFormatDate();
  const messageOf = useApiErrorMessage();

  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="ghost"
        className="self-start"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className={open ? 'rotate-90 transition-transform' : 'transition-transform'}>
          ›
        </span>
        {t('invoices.toggle')}
      </Button>
      <div id={panelId} hidden={!open}>
        {!open ? null : history.isPending ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('invoices.loading')}</p>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {messageOf(history.error)}
          </p>
        ) : history.data.invoices.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('invoices.none')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {history.data.invoices.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>{date(invoice.issued_at)}</span>
                <span className="font-medium tabular-nums">
                  {money(
                    invoice.status === 'paid' ? invoice.amount_paid_cents : invoice.amount_due_cents,
                    invoice.currency,
                  )}
                </span>
                <span
                  className={
                    invoice.status === 'paid'
                      ? 'text-emerald-700 dark:text-emerald-400'
                      : invoice.status === 'open'
                        ? 'text-amber-700 dark:text-amber-300'
                        : 'text-slate-600 dark:text-slate-300'
                  }
                >
                  {t(`invoices.status.${invoice.status}`)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { useFormatMoney } from '@/lib/money';
import { useCustomerReceipts } from '../api/get-customer-receipts';
import { ReceiptLink } from './receipt-link';

/**
 * "Invoices and receipts" in the customer's area (/client/app/overview#receipts, where the receipt
 * email leads): every paid invoice across nests, newest first, each with its PDF to download.
 */
export function CustomerReceipts() {
  const { t } = useTranslation('receipts');
  const receipts = useCustomerReceipts();
  const money = useFormatMoney();
  const formatDate = useFormatDate();
  const describe = useApiErrorMessage();
  const date = (iso: string) => formatDate(iso, { style: 'long' });

  // Arriving from the email's link: the section is below the subscriptions, bring it into view once listed.
  const listed = receipts.isSuccess;
  useEffect(() => {
    if (listed && window.location.hash === '#receipts') {
      document.getElementById('receipts')?.scrollIntoView({ block: 'start' });
    }
  }, [listed]);

  return (
    <Card id="receipts" title={t('customer.title')} description={t('customer.intro')}>
      {receipts.isPending ? (
        <p className="text-slate-600 dark:text-slate-300">{t('customer.loading')}</p>
      ) : null}
      {receipts.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p>{describe(receipts.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void receipts.refetch()}>
            {t('customer.retry')}
          </Button>
        </div>
      ) : null}
      {receipts.data?.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{t('customer.none')}</p>
      ) : null}
      {receipts.data && receipts.data.length > 0 ? (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {receipts.data.map((receipt) => {
            const amount = money(receipt.amount_cents, receipt.currency);
            const paid = date(receipt.paid_at);
            return (
              <li
                key={receipt.invoice_id}
                data-receipt={receipt.invoice_id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {t('customer.item', { offer: receipt.offer_name, nest: receipt.nest_name })}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-300">
                    {paid}
                    {receipt.period_start && receipt.period_end ? (
                      <>
                        {' · '}
                        {t('customer.period', {
                          start: date(receipt.period_start),
                          end: date(receipt.period_end),
                        })}
                      </>
                    ) : null}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    {receipt.number
                      ? t('customer.number', { number: receipt.number })
                      : t('customer.pending')}
                  </p>
                </div>
                <div className="flex items-center justify-between gap-4 sm:justify-end">
                  <span className="font-semibold tabular-nums">{amount}</span>
                  <ReceiptLink
                    path={receipt.download_url}
                    name={receipt.number ?? receipt.paid_at.slice(0, 10)}
                    description={`${paid}, ${amount}`}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}

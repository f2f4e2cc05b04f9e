import { receiptPaths } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ReceiptLink } from '@/features/receipts/components/receipt-link';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { usePlanInvoices } from '../api/get-plan-invoices';
import { InvoiceTable } from './invoice-table';

/** Every invoice of the merchant's plan, newest first, with what it was for, whether it is paid, and its receipt. */
export function InvoiceHistory({ merchantId, timeZone }: { merchantId: string; timeZone: string }) {
  const { t } = useTranslation('plans');
  const describe = useApiErrorMessage();
  const invoices = usePlanInvoices(merchantId);
  return (
    <Card id="invoices" title={t('invoices.title')} description={t('invoices.intro')}>
      {invoices.isPending ? (
        <p className="text-slate-600 dark:text-slate-300">{t('invoices.loading')}</p>
      ) : null}
      {invoices.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p>{describe(invoices.error)}</p>
          <Button variant="secondary" size="sm" onClick={() => void invoices.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
      {invoices.data?.length === 0 ? (
        <p className="text-slate-600 dark:text-slate-300">{t('invoices.none')}</p>
      ) : null}
      {invoices.data && invoices.data.length > 0 ? (
        <InvoiceTable
          invoices={invoices.data}
          timeZone={timeZone}
          caption={t('invoices.title')}
          variant="history"
          renderReceipt={(invoice, description) =>
            invoice.status === 'paid' && invoice.amount_paid_cents > 0 ? (
              <ReceiptLink
                path={receiptPaths.plan(merchantId, invoice.id)}
                name={invoice.issued_at.slice(0, 10)}
                description={description}
              />
            ) : null
          }
        />
      ) : null}
    </Card>
  );
}

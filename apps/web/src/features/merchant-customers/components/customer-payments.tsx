import type { MerchantCustomerDetail, MerchantCustomerPayment } from '@nest/contracts';
import { receiptPaths } from '@nest/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useCurrentMerchant } from '@/features/auth/api/get-current-merchant';
import { ReceiptLink } from '@/features/receipts/components/receipt-link';
import { REFRESH_AFTER_MS } from '@/features/revenue/api/refund-payment';
import { RefundDialog } from '@/features/revenue/components/refund-dialog';
import { useFormatDate } from '@/lib/dates';
import { useFormatMoney } from '@/lib/money';
import { merchantCustomersQueryKey } from '../api/find-customers';

/**
 * The customer's payments, refunds and disputes in the nest (ADR 155), newest first: each payment
 * with its receipt and, while something is left to refund, a Refund button opening the confirmed
 * dialog of the transactions page. A refund shows when the provider's event arrives; the detail is
 * read again a few times after one.
 */
export function CustomerPayments({ customer }: { customer: MerchantCustomerDetail }) {
  const { t } = useTranslation('merchant-customers');
  const money = useFormatMoney();
  const date = useFormatDate();
  const merchant = useCurrentMerchant();
  const client = useQueryClient();
  const [refunding, setRefunding] = useState<MerchantCustomerPayment | null>(null);
  const receiptOf = new Map(customer.invoices.map((invoice) => [invoice.id, invoice]));

  if (customer.payments.length === 0) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">{t('detail.noPayments')}</p>;
  }
  const readAgain = () => {
    for (const delay of REFRESH_AFTER_MS) {
      window.setTimeout(() => void client.invalidateQueries({ queryKey: merchantCustomersQueryKey }), delay);
    }
  };
  return (
    <>
      <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
        {customer.payments.map((payment) => {
          const invoice = payment.invoice_id ? receiptOf.get(payment.invoice_id) : undefined;
          const refunded = payment.kind === 'payment' ? payment.amount_cents - payment.refundable_cents : 0;
          return (
            <li
              key={payment.id}
              data-testid="customer-payment"
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span className="min-w-0">
                <span className="font-medium">{t(`payments.kind.${payment.kind}`)}</span>
                {payment.offer_name ? (
                  <span className="text-slate-600 dark:text-slate-300"> · {payment.offer_name}</span>
                ) : null}
                <span className="block text-slate-500 dark:text-slate-400">
                  {date(payment.occurred_at, { style: 'short' })}
                  {payment.status !== 'succeeded' ? ` · ${t(`payments.status.${payment.status}`)}` : ''}
                  {payment.kind === 'refund'
                    ? ` · ${payment.initiated_by ? t('history.by.merchant') : t('history.by.provider')}`
                    : ''}
                  {payment.kind === 'payment' && refunded > 0 && payment.status === 'succeeded'
                    ? ` · ${t('payments.refunded', { amount: money(refunded, payment.currency) })}`
                    : ''}
                </span>
              </span>
              <span className="flex flex-wrap items-center gap-2">
                <span
                  className={cn(
                    'tabular-nums',
                    payment.amount_cents < 0 ? 'text-red-700 dark:text-red-400' : 'font-medium',
                  )}
                >
                  {money(payment.amount_cents, payment.currency)}
                </span>
                {invoice?.status === 'paid' && payment.kind === 'payment' ? (
                  <ReceiptLink
                    path={receiptPaths.nest('me', invoice.id)}
                    name={(invoice.paid_at ?? invoice.issued_at).slice(0, 10)}
                    description={`${date(payment.occurred_at, { style: 'short' })}, ${money(payment.amount_cents, payment.currency)}`}
                  />
                ) : null}
                {payment.refundable_cents > 0 && merchant.data ? (
                  <Button variant="secondary" size="sm" onClick={() => setRefunding(payment)}>
                    {t('payments.refund')}
                    <span className="sr-only">
                      , {date(payment.occurred_at, { style: 'short' })},{' '}
                      {money(payment.amount_cents, payment.currency)}
                    </span>
                  </Button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ul>
      {refunding && merchant.data ? (
        <RefundDialog
          key={refunding.id}
          merchantId={merchant.data.id}
          payment={{ ...refunding, customer: { name: customer.name, email: customer.email } }}
          open
          onOpenChange={(open) => (open ? undefined : setRefunding(null))}
          onRefunded={readAgain}
        />
      ) : null}
    </>
  );
}

/** The emails sent to the customer about this nest (ADR 157): which and when, newest first. */
export function CustomerEmails({ customer }: { customer: MerchantCustomerDetail }) {
  const { t } = useTranslation('merchant-customers');
  const date = useFormatDate();
  if (customer.emails.length === 0) {
    return <p className="text-sm text-slate-500 dark:text-slate-400">{t('emails.empty')}</p>;
  }
  return (
    <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
      {customer.emails.map((email) => (
        <li key={email.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
          <span>{t(`emails.kind.${email.kind}`)}</span>
          <time dateTime={email.sent_at} className="text-slate-600 tabular-nums dark:text-slate-300">
            {date(email.sent_at, { style: 'short' })}
          </time>
        </li>
      ))}
    </ul>
  );
}

import type { Locale, Transaction } from '@nest/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { formatMoneyInput, parseMoneyInput, useFormatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useRefundPayment } from '../api/refund-payment';

const reasons = ['requested_by_customer', 'duplicate', 'fraudulent'] as const;
type Reason = (typeof reasons)[number];

/** What the dialog needs of a payment: a ledger row of the transactions page or of a customer's detail. */
export type RefundablePayment = Pick<Transaction, 'id' | 'amount_cents' | 'currency' | 'refundable_cents'> & {
  customer: { name: string | null; email: string } | null;
};

interface RefundDialogProps {
  merchantId: string;
  payment: RefundablePayment;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the provider accepted the refund (the customer detail reads itself again). */
  onRefunded?: () => void;
}

/**
 * Refunding a payment, in full or in part, after saying what it does: the amount (what is left by
 * default), an optional reason, and a confirm button naming the amount. The provider makes the
 * refund; the list shows it when its event arrives.
 */
export function RefundDialog({ merchantId, payment, open, onOpenChange, onRefunded }: RefundDialogProps) {
  const { t, i18n } = useTranslation('revenue');
  const locale = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  const money = useFormatMoney();
  const describe = useApiErrorMessage();
  const refund = useRefundPayment();
  const left = payment.refundable_cents;
  const [amount, setAmount] = useState(() => formatMoneyInput(left, locale));
  const [reason, setReason] = useState<Reason | ''>('');
  const [error, setError] = useState<string | null>(null);
  const cents = parseMoneyInput(amount, locale);
  const valid = cents !== null && cents > 0 && cents <= left;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cents === null || cents <= 0) return setError(t('refund.amountInvalid'));
    if (cents > left) return setError(t('refund.amountTooLarge', { left: money(left, payment.currency) }));
    setError(null);
    refund.mutate(
      {
        merchantId,
        transactionId: payment.id,
        body: { amount_cents: cents, ...(reason ? { reason } : {}) },
      },
      {
        onSuccess: (result) => {
          onOpenChange(false);
          onRefunded?.();
          toast.success(t('refund.done', { amount: money(result.amount_cents, result.currency) }));
        },
        onError: (failure) => setError(describe(failure)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !refund.isPending && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={submit} noValidate>
          <DialogTitle>{t('refund.title')}</DialogTitle>
          <DialogDescription>
            {t('refund.effect', {
              customer:
                payment.customer?.name || payment.customer?.email || t('transactions.unknownCustomer'),
              paid: money(payment.amount_cents, payment.currency),
              left: money(left, payment.currency),
            })}
          </DialogDescription>
          <div className="mt-5 flex flex-col gap-4">
            <Field
              label={t('refund.amount')}
              hint={t('refund.amountHint', { left: money(left, payment.currency) })}
              error={error}
            >
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  onChange={(event) => {
                    setAmount(event.target.value);
                    setError(null);
                  }}
                />
              )}
            </Field>
            <Field label={t('refund.reason')} labelSuffix={t('refund.optional')}>
              {(control) => (
                <Select
                  {...control}
                  value={reason}
                  onChange={(event) => setReason(event.target.value as Reason | '')}
                >
                  <option value="">{t('refund.noReason')}</option>
                  {reasons.map((value) => (
                    <option key={value} value={value}>
                      {t(`refund.reasons.${value}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={refund.isPending}>
                {t('refund.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={refund.isPending} aria-busy={refund.isPending}>
              {valid
                ? t('refund.confirm', { amount: money(cents, payment.currency) })
                : t('refund.confirmPlain')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import type { PlanState } from '@nest/contracts';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Button, buttonClasses } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { declineReason } from '@/lib/decline-reason';
import { useFormatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { getUnpaidInvoicesQueryOptions } from '../api/get-unpaid-invoices';
import { useRetryInvoices } from '../api/retry-invoices';
import { hasNoPlanToRecover, isPaidUp } from '../paid-up';
import { InvoiceTable } from './invoice-table';
import { StatusIcon } from './status-icon';

/** How long to wait for the provider after the card page sent the merchant back. */
const CARD_CONFIRMATION_PATIENCE_MS = 30_000;
const CARD_CONFIRMATION_POLL_MS = 2_000;

interface PaymentRecoveryProps<TKey extends QueryKey> {
  /** The merchant's plan (plans feature), read again while a new card's payment is confirmed. */
  planQuery: UseQueryOptions<PlanState, Error, PlanState, TKey>;
  timeZone: string | undefined;
  /** Back from the provider's card page (?session_id=…). */
  returnedFromCardPage: boolean;
  /** Everything is paid: refresh what the guard reads and open the dashboard. */
  onRecovered: () => Promise<void>;
}

/**
 * The merchant's plan payment failed: what is owed, and two ways out — charge the saved card again,
 * or enter another card on the provider's page. Paid up, the merchant goes straight back to work.
 */
export function PaymentRecovery<TKey extends QueryKey>({
  planQuery,
  timeZone,
  returnedFromCardPage,
  onRecovered,
}: PaymentRecoveryProps<TKey>) {
  const { t } = useTranslation('plans');
  const money = useFormatMoney();
  const errorMessage = useApiErrorMessage();
  const [startedAt] = useState(() => Date.now());
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const recovering = useRef(false);
  const retry = useRetryInvoices();

  const confirming = (plan: PlanState | undefined) =>
    returnedFromCardPage &&
    !isPaidUp(plan, Date.now()) &&
    Date.now() - startedAt < CARD_CONFIRMATION_PATIENCE_MS;
  const plan = useQuery({
    ...planQuery,
    refetchOnMount: 'always',
    refetchInterval: (query) => (confirming(query.state.data) ? CARD_CONFIRMATION_POLL_MS : false),
  });
  const subscriptionId = plan.data?.subscription_id ?? null;
  const unpaid = useQuery({
    ...getUnpaidInvoicesQueryOptions(subscriptionId ?? ''),
    enabled: subscriptionId !== null,
    refetchInterval: () => (confirming(plan.data) ? CARD_CONFIRMATION_POLL_MS : false),
  });
  const paidUp = isPaidUp(plan.data, Date.now());

  const recover = async () => {
    if (recovering.current) return;
    recovering.current = true;
    setLeaving(true);
    toast.success(t('recover.paid'));
    try {
      await onRecovered();
    } catch (error) {
      recovering.current = false;
      setLeaving(false);
      toast.error(errorMessage(error));
    }
  };

  // Back from the card page and paid: no reason to stop here.
  useEffect(() => {
    if (returnedFromCardPage && paidUp) void recover();
  });

  if (plan.isPending || (subscriptionId && unpaid.isPending)) {
    return <Panel icon="pending" title={t('recover.loading')} />;
  }
  if (plan.isError || unpaid.isError) {
    return (
      <Panel icon="error" title={t('recover.loadFailed')} body={errorMessage(plan.error ?? unpaid.error)}>
        <Button onClick={() => void (plan.isError ? plan.refetch() : unpaid.refetch())}>{t('retry')}</Button>
      </Panel>
    );
  }
  if (hasNoPlanToRecover(plan.data)) {
    return (
      <Panel icon="warning" title={t('recover.noPlanTitle')} body={t('recover.noPlan')}>
        <Link to={paths.admin.pricing.getHref()} className={buttonClasses({ size: 'lg' })}>
          {t('recover.choosePlan')}
        </Link>
      </Panel>
    );
  }
  if (paidUp || leaving) {
    return (
      <Panel icon="success" title={t('recover.paidUpTitle')} body={t('recover.paidUp')}>
        <Button size="lg" disabled={leaving} onClick={() => void recover()}>
          {t('recover.goToDashboard')}
        </Button>
      </Panel>
    );
  }
  if (confirming(plan.data)) {
    return (
      <Panel icon="pending" title={t('recover.confirmingCard')} body={t('recover.confirmingCardHint')} />
    );
  }

  const invoices = unpaid.data ?? [];
  const total = invoices.reduce((sum, invoice) => sum + invoice.amount_due_cents, 0);
  const currency = invoices[0]?.currency ?? plan.data.currency;
  const busy = retry.isPending || leaving;

  const retryWithSavedCard = () => {
    if (!subscriptionId) return;
    setFailure(null);
    retry.mutate(
      { subscriptionId },
      {
        onSuccess: (result) => {
          if (result.status === 'paid') void recover();
          else setFailure(result.failure_code ?? 'generic');
        },
        onError: (error) => {
          void unpaid.refetch();
          toast.error(t('recover.retryFailed'), { description: errorMessage(error) });
        },
      },
    );
  };

  const payWithAnotherCard = () => {
    if (!subscriptionId) return;
    setFailure(null);
    retry.mutate(
      { subscriptionId, update_card: true },
      {
        onSuccess: (result) => {
          if (result.url) {
            setLeaving(true);
            window.location.assign(result.url);
          } else if (result.status === 'paid') void recover();
        },
        onError: (error) => toast.error(t('recover.cardPageFailed'), { description: errorMessage(error) }),
      },
    );
  };

  return (
    <section
      aria-labelledby="payment-recovery-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="payment-recovery-title" className="text-lg font-semibold">
        {t('recover.unpaidTitle')}
      </h2>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('recover.intro')}</p>
      {returnedFromCardPage ? (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {t('recover.cardNotConfirmed')}
        </p>
      ) : null}
      <div className="mt-4">
        <InvoiceTable
          invoices={invoices}
          timeZone={timeZone}
          caption={t('recover.unpaidTitle')}
          variant="unpaid"
        />
      </div>
      <p className="mt-4 flex justify-between border-t border-slate-200 pt-4 font-semibold dark:border-slate-800">
        <span>{t('recover.totalDue')}</span>
        <span className="tabular-nums" data-total-due>
          {money(total, currency)}
        </span>
      </p>
      {failure ? (
        <div
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
        >
          <p className="font-medium">
            {t('recover.failed', { reason: t(`declines.${declineReason(failure)}`) })}
          </p>
          <p className="mt-1">{t('recover.failedHint')}</p>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" disabled={busy} onClick={payWithAnotherCard}>
          {retry.isPending && retry.variables?.update_card
            ? t('recover.openingCardPage')
            : t('recover.useAnotherCard')}
        </Button>
        <Button size="lg" disabled={busy} onClick={retryWithSavedCard}>
          {retry.isPending && !retry.variables?.update_card ? t('recover.paying') : t('recover.retry')}
        </Button>
      </div>
    </section>
  );
}

function Panel({
  icon,
  title,
  body,
  children,
}: {
  icon: 'success' | 'warning' | 'error' | 'pending';
  title: string;
  body?: string;
  children?: ReactNode;
}) {
  return (
    <section
      role={icon === 'pending' ? 'status' : undefined}
      className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10 dark:border-slate-800 dark:bg-slate-900"
    >
      <StatusIcon kind={icon} />
      <h2 className="mt-4 text-lg font-semibold">{title}</h2>
      {body ? <p className="mt-2 text-slate-600 dark:text-slate-300">{body}</p> : null}
      {children ? <div className="mt-6 flex justify-center gap-3">{children}</div> : null}
    </section>
  );
}

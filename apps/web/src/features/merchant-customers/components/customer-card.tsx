import type { MerchantCustomer, MerchantCustomerSubscription, SubscriptionStatus } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { useFormatDate } from '@/lib/dates';
import { useFormatMoney } from '@/lib/money';

export const statusTone: Record<SubscriptionStatus, string> = {
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  trialing: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  past_due: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  unpaid: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  incomplete: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  canceled: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/** One customer of the nest: who they are, what they paid, and each of their subscriptions here. */
export function CustomerCard({ customer }: { customer: MerchantCustomer }) {
  const { t } = useTranslation('merchant-customers');
  const money = useFormatMoney();
  const headingId = `customer-${customer.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
      data-customer={customer.email}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate font-semibold">
            {customer.name ?? customer.email}
          </h3>
          {customer.name ? (
            <p className="truncate text-sm text-slate-600 dark:text-slate-300">{customer.email}</p>
          ) : null}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('card.totalPaid')}{' '}
          <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">
            {money(customer.total_paid_cents)}
          </span>
        </p>
      </div>
      <ul className="mt-4 flex flex-col gap-3" aria-label={t('card.subscriptions')}>
        {customer.subscriptions.map((subscription) => (
          <SubscriptionRow key={subscription.id} subscription={subscription} />
        ))}
      </ul>
    </li>
  );
}

export function SubscriptionRow({ subscription }: { subscription: MerchantCustomerSubscription }) {
  const { t } = useTranslation('merchant-customers');
  const money = useFormatMoney();
  const date = useFormatDate();
  const amount = money(subscription.amount_cents, subscription.currency);
  const price =
    subscription.interval_count === 1
      ? t(`price.per.${subscription.interval}`, { amount })
      : t(`price.every.${subscription.interval}`, { amount, n: subscription.interval_count });
  // Paused (ADR 150): the next charge is at the end of the pause, not at the end of a paused period.
  const pauseEnd = subscription.pause?.ends_at;
  const periodEnd = subscription.current_period_end;
  const end =
    pauseEnd &&
    periodEnd &&
    !subscription.cancel_at_period_end &&
    Date.parse(periodEnd) < Date.parse(pauseEnd)
      ? pauseEnd
      : periodEnd;
  const renewal =
    subscription.status === 'canceled' || !end
      ? null
      : subscription.cancel_at_period_end
        ? t('card.endsOn', { date: date(end) })
        : t('card.renewsOn', { date: date(end) });

  return (
    <li className="rounded-xl bg-slate-50 p-3 text-sm dark:bg-slate-800/60">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{subscription.offer.name}</p>
        <span
          className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusTone[subscription.status])}
          data-status={subscription.status}
        >
          {t(`status.${subscription.status}`)}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-slate-700 sm:grid-cols-2 dark:text-slate-300">
        <div className="flex gap-1">
          <dt className="sr-only">{t('card.price')}</dt>
          <dd className="tabular-nums">{price}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="sr-only">{t('card.since')}</dt>
          <dd>{t('card.sinceDate', { date: date(subscription.started_at) })}</dd>
        </div>
        {renewal ? (
          <div className="flex gap-1">
            <dt className="sr-only">{t('card.renewal')}</dt>
            <dd>{renewal}</dd>
          </div>
        ) : null}
        {subscription.link_label ? (
          <div className="flex gap-1">
            <dt className="sr-only">{t('card.link')}</dt>
            <dd>{t('card.viaLink', { label: subscription.link_label })}</dd>
          </div>
        ) : null}
      </dl>
    </li>
  );
}

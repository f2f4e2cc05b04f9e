import type { MerchantCustomerDetail } from '@nest/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { useFormatMoney } from '@/lib/money';
import { useCustomerDetail } from '../api/get-customer';
import { SubscriptionActions } from './cancel-subscription-dialog';
import { SubscriptionRow } from './customer-card';
import { CustomerEmails, CustomerPayments } from './customer-payments';
import { PauseActions } from './pause-subscription-dialog';
import { SendSignInLinkButton } from './send-sign-in-link-dialog';

/** One customer in a panel from the right (?customer=<id> in the address, so it can be linked). */
export function CustomerDrawer({ customerId, onClose }: { customerId: string | null; onClose: () => void }) {
  const { t } = useTranslation('merchant-customers');
  const errorMessage = useApiErrorMessage();
  const detail = useCustomerDetail(customerId);
  return (
    <Sheet open={customerId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent side="right" className="w-full max-w-full overflow-y-auto sm:w-[32rem] sm:max-w-[90vw]">
        <div className="flex items-start justify-between gap-3 border-b border-slate-200 p-4 dark:border-slate-800">
          <div className="min-w-0">
            <SheetTitle className="truncate text-lg font-semibold">
              {detail.data ? (detail.data.name ?? detail.data.email) : t('detail.title')}
            </SheetTitle>
            {detail.data?.name ? (
              <p className="truncate text-sm text-slate-600 dark:text-slate-300">{detail.data.email}</p>
            ) : null}
          </div>
          <SheetClose asChild>
            <Button variant="secondary" size="sm">
              {t('detail.close')}
            </Button>
          </SheetClose>
        </div>
        <div className="flex flex-col gap-6 p-4">
          {detail.isPending ? (
            <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
              {t('detail.loading')}
            </p>
          ) : detail.data ? (
            <CustomerDetail customer={detail.data} />
          ) : (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {errorMessage(detail.error)}
            </p>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `customer-section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3
        id={id}
        className="text-sm font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
      >
        {title}
      </h3>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <p className="text-sm text-slate-500 dark:text-slate-400">{children}</p>
);

function CustomerDetail({ customer }: { customer: MerchantCustomerDetail }) {
  const { t } = useTranslation('merchant-customers');
  const money = useFormatMoney();
  const date = useFormatDate();
  const when = (value: string) => date(value, { style: 'short' });
  const unpaid = customer.invoices.filter((invoice) => invoice.status !== 'paid');
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t('card.totalPaid')}{' '}
          <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">
            {money(customer.total_paid_cents)}
          </span>
        </p>
        <SendSignInLinkButton customerId={customer.id} email={customer.email} />
      </div>
      <Section title={t('detail.subscriptions')}>
        <ul className="flex flex-col gap-3">
          {customer.subscriptions.map((subscription) => (
            <li key={subscription.id} className="flex flex-col gap-2">
              <ul>
                <SubscriptionRow subscription={subscription} />
              </ul>
              <SubscriptionActions customerId={customer.id} subscription={subscription} />
              <PauseActions customerId={customer.id} subscription={subscription} />
            </li>
          ))}
        </ul>
      </Section>
      <Section title={t('detail.payments')}>
        <CustomerPayments customer={customer} />
      </Section>
      {unpaid.length > 0 ? (
        <Section title={t('detail.unpaidInvoices')}>
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {unpaid.map((invoice) => (
              <li key={invoice.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{invoice.offer_name}</span>{' '}
                  <span className="text-slate-500 dark:text-slate-400">{when(invoice.issued_at)}</span>
                </span>
                <span className="flex items-baseline gap-2">
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200">
                    {t(`detail.invoiceStatus.${invoice.status}`)}
                  </span>
                  <span className="tabular-nums">
                    {money(invoice.amount_due_cents - invoice.amount_paid_cents, invoice.currency)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section title={t('detail.checkIns')}>
        {customer.check_ins.length === 0 ? (
          <Empty>{t('detail.noCheckIns')}</Empty>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {customer.check_ins.map((visit) => (
              <li key={visit.id} className="flex justify-between gap-2 py-2">
                <span>{date(visit.checked_at, { style: 'short' })}</span>
                <span
                  className={
                    visit.undone_at
                      ? 'text-slate-500 line-through dark:text-slate-400'
                      : visit.result === 'eligible'
                        ? 'text-emerald-800 dark:text-emerald-300'
                        : visit.result === 'grace'
                          ? 'text-amber-800 dark:text-amber-300'
                          : 'text-red-700 dark:text-red-400'
                  }
                >
                  {t(`detail.checkIn.${visit.result}`)}
                  {visit.undone_at ? ` (${t('detail.checkIn.undone')})` : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('detail.rewards')}>
        {customer.rewards.length === 0 ? (
          <Empty>{t('detail.noRewards')}</Empty>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {customer.rewards.map((reward) => (
              <li key={reward.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-medium">{reward.name}</span>
                <span className="text-slate-600 dark:text-slate-300">
                  {reward.redeemed_at
                    ? t('detail.redeemedOn', { date: when(reward.redeemed_at) })
                    : t('detail.earnedOn', { date: when(reward.earned_at) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title={t('emails.title')}>
        <CustomerEmails customer={customer} />
      </Section>
      <Section title={t('history.title')}>
        {customer.history.length === 0 ? (
          <Empty>{t('history.empty')}</Empty>
        ) : (
          <ol className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
            {customer.history.map((event) => (
              <li key={event.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">{t(`history.kind.${event.kind}`)}</span>
                  {event.offer_name ? (
                    <span className="text-slate-600 dark:text-slate-300"> · {event.offer_name}</span>
                  ) : null}
                  <span className="block text-slate-500 dark:text-slate-400">
                    {t(`history.by.${event.actor}`)}
                  </span>
                </span>
                <time
                  dateTime={event.occurred_at}
                  className="text-slate-600 tabular-nums dark:text-slate-300"
                >
                  {date(event.occurred_at, { style: 'short' })}
                </time>
              </li>
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}

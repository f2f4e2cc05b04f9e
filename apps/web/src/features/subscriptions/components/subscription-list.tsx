import type { CustomerSubscription } from '@nest/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderSubscriptions } from '../lib/subscription-state';
import { SubscriptionCard } from './subscription-card';

/**
 * One card per subscription across nests, what needs paying first; `payId` (the payment-failed
 * email's `?pay=`) brings that subscription's pay-now step into view.
 */
export function SubscriptionList({
  subscriptions,
  holder,
  payId,
  cardExtra,
}: {
  subscriptions: CustomerSubscription[];
  holder: string;
  payId: string | null;
  /** Shown on each card, composed by the route (the events registered through this subscription). */
  cardExtra?: (subscriptionId: string) => ReactNode;
}) {
  const { t } = useTranslation('subscriptions');
  if (subscriptions.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center dark:border-slate-700 dark:bg-slate-900">
        <h2 className="text-lg font-semibold">{t('empty.title')}</h2>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t('empty.body')}</p>
        <Link
          to="/"
          className="mt-4 inline-block text-brand-800 underline underline-offset-4 dark:text-brand-300"
        >
          {t('empty.link')}
        </Link>
      </div>
    );
  }
  return (
    <ul className="flex flex-col gap-6">
      {orderSubscriptions(subscriptions).map((subscription) => (
        <li key={subscription.id}>
          <SubscriptionCard
            subscription={subscription}
            holder={holder}
            payFocused={subscription.id === payId}
            extra={cardExtra?.(subscription.id)}
          />
        </li>
      ))}
    </ul>
  );
}

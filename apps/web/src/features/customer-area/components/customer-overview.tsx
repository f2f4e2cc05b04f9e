import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { useCurrentCustomer } from '../api/customer';
import { orderSubscriptions } from '../lib/subscription-state';
import { CustomerLogout } from './customer-logout';
import { SubscriptionCard } from './subscription-card';
import { CardUpdatedNotice } from './update-card-button';

/**
 * /client/app/overview: who is signed in (and the way out), then one card per subscription across
 * nests, what needs paying first. `?pay=<subscriptionId>` (the payment-failed email) brings that
 * subscription's pay-now step into view.
 */
export function CustomerOverview() {
  const { t } = useTranslation('client');
  const customer = useCurrentCustomer();
  const [params] = useSearchParams();
  const payId = params.get('pay');

  // The guard filled the cache; after logout the entry is reset and the page is on its way out.
  if (!customer.data) return null;
  const { name, email } = customer.data;
  const holder = name?.trim() || email;
  const subscriptions = orderSubscriptions(customer.data.subscriptions);

  return (
    <div className="flex flex-col gap-6">
      <CardUpdatedNotice />
      <header>
        <PageTitle actions={<CustomerLogout />}>{t('pages.overview')}</PageTitle>
        <p className="-mt-4 text-slate-700 dark:text-slate-300" data-testid="customer-identity">
          {name ? (
            <>
              <span className="font-medium">{name}</span> · <span className="break-all">{email}</span>
            </>
          ) : (
            <span className="break-all">{email}</span>
          )}
        </p>
      </header>
      {subscriptions.length === 0 ? (
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
      ) : (
        <ul className="flex flex-col gap-6">
          {subscriptions.map((subscription) => (
            <li key={subscription.id}>
              <SubscriptionCard
                subscription={subscription}
                holder={holder}
                payFocused={subscription.id === payId}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

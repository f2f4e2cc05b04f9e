import { useSearchParams } from 'react-router';
import { useCurrentCustomer } from '@/features/customers/api/customer';
import { CustomerIdentity } from '@/features/customers/components/customer-identity';
import { CustomerEvents, RegistrationsOnCard } from '@/features/events/components/customer-events';
import { CustomerPrivacy } from '@/features/privacy/components/customer-privacy';
import { CustomerReceipts } from '@/features/receipts/components/customer-receipts';
import { SubscriptionList } from '@/features/subscriptions/components/subscription-list';
import { CardUpdatedNotice } from '@/features/subscriptions/components/update-card-button';

export { qrLibraryReady } from '@/lib/use-qr-image';

/**
 * The customer's overview (/client/app/overview), behind the customer guard (routes.tsx): who is
 * signed in, their subscriptions across nests (with the events each is registered for), the upcoming events
 * they may join, then their invoices and receipts.
 */
export function Component() {
  const customer = useCurrentCustomer();
  const [params] = useSearchParams();
  // The guard filled the cache; after logout the entry is reset and the page is on its way out.
  if (!customer.data) return null;
  const { name, email, subscriptions } = customer.data;
  return (
    <div className="flex flex-col gap-6">
      <CardUpdatedNotice />
      <CustomerIdentity customer={customer.data} />
      <SubscriptionList
        subscriptions={subscriptions}
        holder={name?.trim() || email}
        payId={params.get('pay')}
        cardExtra={(subscriptionId) => <RegistrationsOnCard subscriptionId={subscriptionId} />}
      />
      <CustomerEvents />
      <CustomerReceipts />
      <CustomerPrivacy customer={customer.data} />
    </div>
  );
}

import { useSearchParams } from 'react-router';
import { useCurrentCustomer } from '@/features/customers/api/customer';
import { CustomerIdentity } from '@/features/customers/components/customer-identity';
import { SubscriptionList } from '@/features/subscriptions/components/subscription-list';
import { CardUpdatedNotice } from '@/features/subscriptions/components/update-card-button';

/**
 * The customer's overview (/client/app/overview), behind the customer guard (routes.tsx): who is
 * signed in, then their subscriptions across nests.
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
      />
    </div>
  );
}

import { CustomerOverview } from '@/features/customer-area/components/customer-overview';

/** The customer's overview (/client/app/overview), behind the customer guard (routes.tsx). */
export function Component() {
  return <CustomerOverview />;
}

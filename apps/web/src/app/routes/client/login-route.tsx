import { CustomerLogin } from '@/features/customers/components/customer-login';

/** Customer login (/client/login): email, then the emailed code; or the emailed link. */
export function Component() {
  return <CustomerLogin />;
}

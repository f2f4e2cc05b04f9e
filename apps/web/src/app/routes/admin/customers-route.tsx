import { CustomersScreen } from '@/features/merchant-customers/components/customers-screen';

/** The merchant's customers (/admin/app/customers). */
export function Component() {
  return <CustomersScreen />;
}

import { VerifyScreen } from '@/features/verify/components/verify-screen';

/** Checking a customer's pass at the counter (/admin/app/verify). */
export function Component() {
  return <VerifyScreen />;
}

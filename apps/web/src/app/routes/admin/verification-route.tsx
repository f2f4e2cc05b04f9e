import { VerificationScreen } from '@/features/verification/components/verification-screen';

/** Checking a customer's pass at the counter (/admin/app/verify). */
export function Component() {
  return <VerificationScreen />;
}

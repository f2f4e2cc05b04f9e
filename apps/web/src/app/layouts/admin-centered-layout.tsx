import { SignedInLogout } from '@/features/auth/components/signed-in-logout';
import { CenteredLayout } from './centered-layout';

/** Login, signup and the plan choice; a signed-in merchant choosing a plan can log out from here. */
export function AdminCenteredLayout() {
  return <CenteredLayout name="admin-centered" actions={<SignedInLogout />} />;
}

export { AdminCenteredLayout as Component };

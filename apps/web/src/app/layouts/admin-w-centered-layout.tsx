import { LogoutButton } from '@/features/auth/components/logout-button';
import { CenteredLayout } from './centered-layout';

/** Onboarding: a signed-in merchant who has not finished setting up can still log out from here. */
export function AdminWCenteredLayout() {
  return <CenteredLayout name="admin-w-centered" actions={<LogoutButton size="sm" />} />;
}

export { AdminWCenteredLayout as Component };

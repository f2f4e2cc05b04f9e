import { CenteredLayout } from './centered-layout';

export function AdminWCenteredLayout() {
  return <CenteredLayout name="admin-w-centered" />;
}

export { AdminWCenteredLayout as Component };

import { CenteredLayout } from './centered-layout';

export function AdminCenteredLayout() {
  return <CenteredLayout name="admin-centered" />;
}

export { AdminCenteredLayout as Component };

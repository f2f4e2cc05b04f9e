import { CenteredLayout } from './centered-layout';

export function ClientWCenteredLayout() {
  return <CenteredLayout name="client-w-centered" />;
}

export { ClientWCenteredLayout as Component };

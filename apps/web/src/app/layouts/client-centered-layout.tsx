import { CenteredLayout } from './centered-layout';

export function ClientCenteredLayout() {
  return <CenteredLayout name="client-centered" />;
}

export { ClientCenteredLayout as Component };

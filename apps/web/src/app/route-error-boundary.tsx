import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { FatalError } from '@/components/errors/fatal-error';
import { toFatalError } from '@/lib/fatal-error';

/** Whatever a route throws ends here: the fatal error page, in its 404 or generic variant. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const info = toFatalError(error);
  useEffect(() => {
    // A not-found is an expected outcome; anything else is worth a trace for whoever investigates.
    if (info.status !== 404) console.error(error);
  }, [error, info.status]);
  return <FatalError {...info} />;
}

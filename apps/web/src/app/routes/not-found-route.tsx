import { FatalError } from '@/components/errors/fatal-error';

/** /404 and /links/404: the not-found page, where unknown things are sent. */
export function NotFoundRoute() {
  return <FatalError status={404} />;
}

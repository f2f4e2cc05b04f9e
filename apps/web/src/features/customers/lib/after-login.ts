import { paths } from '@/app/paths';

const AREA_PREFIX = '/client/app/';

/**
 * Where to go after signing in: the area's page the visitor was sent away from (kept in `?next=`),
 * or the overview. Only paths inside the customer area are followed, so the parameter cannot send
 * anyone to another site (`//evil.example`) or elsewhere in the app.
 */
export function afterLoginPath(next: string | null | undefined): string {
  const overview = paths.client.app.overview.getHref();
  if (!next?.startsWith(AREA_PREFIX) || next.includes('//') || next.includes('\\')) return overview;
  return next;
}

/** The login page, remembering the area's page to come back to (the overview needs no reminder). */
export function loginHref(next: string): string {
  const login = paths.client.login.getHref();
  const target = afterLoginPath(next);
  return target === paths.client.app.overview.getHref()
    ? login
    : `${login}?next=${encodeURIComponent(target)}`;
}

import { isRouteErrorResponse } from 'react-router';
import { isApiError } from './api-error';

/** Raised for an address no route serves (spec §2): carries the path so the page can show it. */
export class PageNotFoundError extends Error {
  override readonly name = 'PageNotFoundError';
  readonly status = 404;
  constructor(readonly path: string) {
    super(`Page not found: ${path}`);
  }
}

/** What the fatal error page shows: 404 gives the not-found variant, anything else the generic one. */
export interface FatalErrorInfo {
  status: number;
  /** A message meant for people; absent means the variant's default ('Page Not Found' / 'Internal Server Error'). */
  message?: string;
  path?: string;
}

/** Turns whatever a route threw into what the fatal error page shows; unknown errors become a 500. */
export function toFatalError(error: unknown): FatalErrorInfo {
  if (error instanceof PageNotFoundError) return { status: 404, path: error.path };
  if (isApiError(error)) {
    if (error.status === 404) return { status: 404 };
    // A network failure has no HTTP status; for the page it is a server-side problem.
    const status = error.status >= 400 ? error.status : 500;
    return { status, message: error.problem.detail || undefined };
  }
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : undefined;
    return { status: error.status, message };
  }
  // A programming error's message ("x is undefined") is not for merchants: the default is shown.
  return { status: 500 };
}

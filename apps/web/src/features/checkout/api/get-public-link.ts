import type { PublicLink } from '@nest/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/** The public page of a link: the nest, the offer at its current price, and whether it is open. */
export function getPublicLink(
  nestLinkId: string,
  options: { signal?: AbortSignal } = {},
): Promise<PublicLink> {
  return api.get<PublicLink>(`/api/v1/public/links/${encodeURIComponent(nestLinkId)}`, {
    signal: options.signal,
  });
}

export interface PublicLinkState {
  data: PublicLink | undefined;
  error: unknown;
  /** The API answered 404: unknown or turned-off link. */
  notFound: boolean;
  /** Reads the link again (after a refusal): the offer stays on screen meanwhile. */
  reload: () => void;
}

/**
 * The link's public data: the one the server wrote into the page when there is one (no round trip),
 * otherwise read from the API once per page. Each read counts a visit for the merchant, so it is
 * never read again on its own (no refetch on focus or reconnect, no retry beyond the API client's).
 * Plain React state, not TanStack Query: the standalone link page has no query client (ADR 077).
 */
export function usePublicLink(nestLinkId: string, initial?: PublicLink): PublicLinkState {
  const [state, setState] = useState<{ data: PublicLink | undefined; error: unknown }>({
    data: initial,
    error: undefined,
  });
  const load = useCallback(() => {
    getPublicLink(nestLinkId).then(
      (data) => setState({ data, error: undefined }),
      (error: unknown) => setState((previous) => ({ data: previous.data, error })),
    );
  }, [nestLinkId]);
  // Once per page, even when React runs effects twice in development.
  const started = useRef(initial !== undefined);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    load();
  }, [load]);
  const notFound = isApiError(state.error) && state.error.status === 404;
  return { ...state, notFound, reload: load };
}

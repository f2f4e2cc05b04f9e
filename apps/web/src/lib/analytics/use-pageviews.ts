import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { capturePageview } from './analytics';

/** Sends a page view after each route change (automatic capture is off, spec §1). */
export function usePageviews(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    capturePageview(`${window.location.origin}${pathname}${search}`);
  }, [pathname, search]);
}

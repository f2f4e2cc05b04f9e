import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';

/** How long the old page takes to fade out (matches the CSS transition in index.css). */
export const PAGE_FADE_OUT_MS = 140;
export const MAIN_CONTENT_ID = 'main-content';

interface PageTransitionProps {
  /** What identifies "another page" here: the path inside a layout, the layout at the root. */
  transitionKey?: string;
  /** Move keyboard focus to the main region after a change (screen readers announce the new page). */
  focusMain?: boolean;
  className?: string;
}

/**
 * Renders the child route with an out-in transition (spec §2): on navigation the old page stays and
 * fades out completely, and only then is the new page mounted and faded in. With reduced motion the
 * swap is immediate.
 */
export function PageTransition({ transitionKey, focusMain = true, className }: PageTransitionProps) {
  const location = useLocation();
  const outlet = useOutlet();
  const reducedMotion = usePrefersReducedMotion();
  const key = transitionKey ?? location.pathname;
  const [shownKey, setShownKey] = useState(key);
  const leaving = key !== shownKey && !reducedMotion;
  // The outlet of the page being shown; kept while the next one waits for the fade-out to end.
  const shown = useRef<ReactNode>(outlet);
  if (!leaving) shown.current = outlet;
  const focusedKey = useRef(shownKey);

  useEffect(() => {
    if (key === shownKey) return;
    if (reducedMotion) {
      setShownKey(key);
      return;
    }
    const timer = window.setTimeout(() => setShownKey(key), PAGE_FADE_OUT_MS);
    return () => window.clearTimeout(timer);
  }, [key, shownKey, reducedMotion]);

  useEffect(() => {
    // Not on the first page (the browser's focus is right there), only when the page changed.
    if (focusedKey.current === shownKey) return;
    focusedKey.current = shownKey;
    if (focusMain) document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [shownKey, focusMain]);

  return (
    // A real box (not display: contents), or the opacity would have nothing to apply to.
    <div key={leaving ? shownKey : key} data-page-transition={leaving ? 'out' : 'in'} className={className}>
      {shown.current}
    </div>
  );
}

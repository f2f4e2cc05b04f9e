import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { usePrefersReducedMotion } from '@/lib/use-reduced-motion';

/** How long the old page takes to fade out (matches the page-out animation in index.css). */
export const PAGE_FADE_OUT_MS = 140;
/** How much later than the fade-out the pages swap anyway, if its end was never reported. */
const FADE_OUT_FALLBACK_MS = 100;
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
 * swap is immediate. The first page this transition shows is never faded in: it is the first paint of
 * the load (or sits inside a parent transition that fades it), and content at opacity 0 is no paint
 * at all for the browser (no FCP, no LCP).
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
  const box = useRef<HTMLDivElement>(null);
  // 'first' until this transition has swapped pages once; only a swapped-in page fades in.
  const [swapped, setSwapped] = useState(false);

  const showNext = () => {
    setShownKey(key);
    setSwapped(true);
  };

  useEffect(() => {
    if (key === shownKey) return;
    const swap = () => {
      setShownKey(key);
      setSwapped(true);
    };
    if (reducedMotion) {
      swap();
      return;
    }
    // The end of the fade-out swaps the pages (onAnimationEnd below); this is for when it never
    // comes (a tab in the background runs no animations). A fade-out still running when the timer
    // fires (a busy machine starts it late) is waited for, so the old page always fades out fully.
    let cancelled = false;
    const timer = window.setTimeout(() => {
      const running = box.current?.getAnimations().filter((a) => a.playState === 'running') ?? [];
      if (running.length === 0 || document.hidden) return swap();
      // The next frame, as at the animation's end below: the finished promise settles before the
      // frame's paint, and swapping then would paint the new page where the faded-out one should be.
      const swapNextFrame = () => !cancelled && requestAnimationFrame(swap);
      Promise.all(running.map((a) => a.finished)).then(swapNextFrame, swapNextFrame);
    }, PAGE_FADE_OUT_MS + FADE_OUT_FALLBACK_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [key, shownKey, reducedMotion]);

  useEffect(() => {
    // Not on the first page (the browser's focus is right there), only when the page changed.
    if (focusedKey.current === shownKey) return;
    focusedKey.current = shownKey;
    if (focusMain) document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [shownKey, focusMain]);

  return (
    // A real box (not display: contents), or the opacity would have nothing to apply to.
    <div
      key={leaving ? shownKey : key}
      ref={box}
      data-page-transition={leaving ? 'out' : swapped ? 'in' : 'first'}
      className={className}
      // Only the end of this box's own fade-out, not an animation of something inside the page. The
      // next frame, so the faded-out page is at opacity 0 in a frame of its own before it goes.
      onAnimationEnd={(event) => {
        if (leaving && event.target === event.currentTarget) requestAnimationFrame(showNext);
      }}
    >
      {shown.current}
    </div>
  );
}

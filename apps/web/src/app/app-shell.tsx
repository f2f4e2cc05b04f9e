import { ScrollRestoration, useMatches } from 'react-router';
import { PageTransition } from '@/components/layout/page-transition';
import { SkipLink } from '@/components/layout/skip-link';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { usePageviews } from '@/lib/analytics/use-pageviews';
import { useColorModeSync } from '@/lib/color-mode/use-color-mode';
import { useConnectivityToasts } from '@/lib/use-connectivity-toasts';
import { LAYOUT_ROUTE_PREFIX } from './layout-ids';

/** Changing layout fades the whole page; inside a layout, only its page fades (see the layouts). */
function useLayoutKey(): string {
  const matches = useMatches();
  const layout = matches.find((match) => match.id.startsWith(LAYOUT_ROUTE_PREFIX));
  return layout?.id ?? `page:${matches.at(-1)?.pathname ?? ''}`;
}

/** The app shell (spec §1): the page outlet and the toast area, plus what every page shares. */
export function AppShell() {
  const colorMode = useColorModeSync();
  usePageviews();
  useConnectivityToasts();
  const layoutKey = useLayoutKey();
  return (
    <>
      <SkipLink />
      <PageTransition transitionKey={layoutKey} />
      <LazyToaster theme={colorMode} />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's code loads: an empty page, so nothing flashes. */
export function ShellFallback() {
  return <div aria-busy="true" className="min-h-dvh" />;
}

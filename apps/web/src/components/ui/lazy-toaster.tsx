import { lazy, Suspense, useEffect, useState } from 'react';
import { withChunkReload } from '@/lib/chunk-reload';

const Toaster = lazy(
  withChunkReload(() => import('./toaster').then((module) => ({ default: module.Toaster }))),
);

/** The toast area, downloaded after the first render so it never delays a page (see lib/toast.ts). */
export function LazyToaster({ theme }: { theme: 'light' | 'dark' }) {
  const [afterFirstRender, setAfterFirstRender] = useState(false);
  useEffect(() => setAfterFirstRender(true), []);
  if (!afterFirstRender) return null;
  return (
    <Suspense fallback={null}>
      <Toaster theme={theme} />
    </Suspense>
  );
}

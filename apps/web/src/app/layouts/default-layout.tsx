import { PageTransition } from '@/components/layout/page-transition';

/**
 * The default layout (landing, legal, link pages): a full-width canvas. Its pages bring their own
 * header and footer (PublicHeader, PublicFooter) because the landing page's navbar has its own sections.
 */
export function DefaultLayout() {
  return (
    <div data-layout="default" className="flex min-h-dvh flex-col">
      <PageTransition className="flex flex-1 flex-col" />
    </div>
  );
}

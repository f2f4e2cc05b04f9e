import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { paths } from '@/app/paths';
import { MainContent } from '@/components/layout/main-content';
import { PublicFooter } from '@/components/layout/public-footer';
import { PublicHeader } from '@/components/layout/public-header';
import { LegalDocumentView } from '@/features/legal/components/legal-document-view';
import { findLegalDocument } from '@/features/legal/documents';
import { PageNotFoundError } from '@/lib/fatal-error';

/** /legal/documents/*: an unknown document is a page-not-found error carrying its path. */
export function loader({ params, request }: LoaderFunctionArgs) {
  const document = findLegalDocument(params['*']);
  if (!document) throw new PageNotFoundError(new URL(request.url).pathname);
  return document;
}

export function Component() {
  const document = useLoaderData<typeof loader>();
  return (
    <>
      <PublicHeader />
      <MainContent className="flex-1 px-4 py-10 sm:px-6">
        <LegalDocumentView document={document} indexHref={paths.legal.root.getHref()} />
      </MainContent>
      <PublicFooter />
    </>
  );
}

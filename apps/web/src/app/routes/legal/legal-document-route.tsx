import type { Locale } from '@nest/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { paths } from '@/app/paths';
import { MainContent } from '@/components/layout/main-content';
import { PublicFooter } from '@/components/layout/public-footer';
import { PublicHeader } from '@/components/layout/public-header';
import { LegalDocumentView } from '@/features/legal/components/legal-document-view';
import { findLegalDocument, type LegalDocument, movedLegalDocument } from '@/features/legal/documents';
import { type LoadedLegalDocument, loadLegalDocument } from '@/features/legal/load-legal-document';
import { getConfig } from '@/lib/config';
import { PageNotFoundError } from '@/lib/fatal-error';
import { currentLocale } from '@/lib/i18n/i18n';

/**
 * /legal/documents/*: a former address redirects to the document's new one; an unknown document is
 * a page-not-found error carrying its path; a known one loads its text in the visitor's language.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const moved = movedLegalDocument(params['*']);
  if (moved) throw redirect(`${paths.legal.document.getHref(moved)}${url.search}`);
  const document = findLegalDocument(params['*']);
  if (!document) throw new PageNotFoundError(url.pathname);
  return { document, content: await loadLegalDocument(document.path, currentLocale()) };
}

/** The document's text, loaded again in the new language when the visitor switches. */
function useLegalContent(document: LegalDocument, first: LoadedLegalDocument): LoadedLegalDocument {
  const { i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  const [other, setOther] = useState<{ key: string; content: LoadedLegalDocument }>();
  const key = `${document.path}:${locale}`;
  const wanted = first.locale !== locale;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    loadLegalDocument(document.path, locale).then(
      (content) => current && setOther({ key, content }),
      (error: unknown) => console.error(error),
    );
    return () => {
      current = false;
    };
  }, [wanted, document.path, locale, key]);
  return wanted && other?.key === key ? other.content : first;
}

export function Component() {
  const { document, content: first } = useLoaderData<typeof loader>();
  const content = useLegalContent(document, first);
  return (
    <>
      <PublicHeader />
      <MainContent className="flex-1 px-4 py-10 sm:px-6">
        <LegalDocumentView
          document={document}
          content={content}
          operator={getConfig().operator ?? {}}
          indexHref={paths.legal.root.getHref()}
        />
      </MainContent>
      <PublicFooter />
    </>
  );
}

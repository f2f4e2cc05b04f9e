import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { useFormatDate } from '@/lib/dates';
import type { LegalDocument } from '../documents';
import { fillOperator } from '../fill-operator';
import type { LoadedLegalDocument } from '../load-legal-document';
import { legalProseClasses } from './legal-prose';
import { LegalTableOfContents } from './legal-table-of-contents';

/**
 * Links between the documents stay in the app instead of reloading the page. A listener on the
 * container, since the links are in the build's HTML; Enter on a link fires the same click.
 */
function useInAppLinks(container: RefObject<HTMLDivElement | null>) {
  const navigate = useNavigate();
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const onClick = (event: MouseEvent) => {
      const href = (event.target as Element).closest('a')?.getAttribute('href');
      if (!href?.startsWith('/') || href.startsWith('//')) return;
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(href);
    };
    element.addEventListener('click', onClick);
    return () => element.removeEventListener('click', onClick);
  }, [container, navigate]);
}

/** One legal document, in the visitor's language, with its table of contents and last update. */
export function LegalDocumentView({
  document,
  content,
  operator,
  indexHref,
}: {
  document: LegalDocument;
  content: LoadedLegalDocument;
  operator: Readonly<Record<string, string>>;
  indexHref: string;
}) {
  const { t } = useTranslation('legal');
  const { t: tCommon } = useTranslation();
  const formatDate = useFormatDate();
  const html = useMemo(() => fillOperator(content.html, operator), [content.html, operator]);
  const textRef = useRef<HTMLDivElement>(null);
  useInAppLinks(textRef);
  // The address's #section exists only once the document is in the page: scroll to it then.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id && html) window.document.getElementById(id)?.scrollIntoView();
  }, [html]);
  return (
    <article data-legal-document={document.path} lang={content.locale} className="mx-auto w-full max-w-6xl">
      <p className="mb-4">
        <Link
          to={indexHref}
          className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {t('backToIndex')}
        </Link>
      </p>
      <header className="mb-8 border-b border-slate-200 pb-6 dark:border-slate-800">
        <PageTitle>{tCommon(`legalDocuments.${document.id}`)}</PageTitle>
        <p className="-mt-3 text-sm text-slate-500 dark:text-slate-400">
          <time dateTime={content.updatedAt}>
            {t('updated', { date: formatDate(`${content.updatedAt}T12:00:00Z`, { timeZone: 'UTC' }) })}
          </time>
        </p>
      </header>
      <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12">
        <LegalTableOfContents headings={content.toc} />
        <div
          className={legalProseClasses}
          ref={textRef}
          // Our own Markdown, turned into HTML at build time; the operator's values are escaped.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted HTML from the build
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
    </article>
  );
}

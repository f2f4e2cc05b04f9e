import type { Locale } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import type { LegalDocument } from '../documents';

interface Section {
  heading: string;
  paragraphs: string[];
}

/** One legal document, in the visitor's language. */
export function LegalDocumentView({ document, indexHref }: { document: LegalDocument; indexHref: string }) {
  const { t, i18n } = useTranslation('legal');
  const { t: tCommon } = useTranslation();
  const sections = t(`documents.${document.slug}.sections`, { returnObjects: true }) as unknown as Section[];
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage as Locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${document.updatedAt}T00:00:00Z`));
  return (
    <article data-legal-document={document.slug} className="mx-auto w-full max-w-3xl">
      <p className="mb-4">
        <Link
          to={indexHref}
          className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {t('backToIndex')}
        </Link>
      </p>
      <PageTitle>{tCommon(`legalDocuments.${document.slug}`)}</PageTitle>
      <p className="-mt-3 mb-8 text-sm text-slate-500 dark:text-slate-400">
        <time dateTime={document.updatedAt}>{t('updated', { date })}</time>
      </p>
      <p className="mb-8 text-lg text-slate-700 dark:text-slate-200">
        {t(`documents.${document.slug}.summary`)}
      </p>
      {sections.map((section) => (
        <section key={section.heading} className="mb-8">
          <h2 className="mb-3 text-xl font-semibold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mb-3 leading-relaxed text-slate-700 dark:text-slate-300">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { legalDocuments } from '../documents';

/** The list of legal documents with their summaries. */
export function LegalDocumentList({ hrefOf }: { hrefOf: (slug: string) => string }) {
  const { t } = useTranslation('legal');
  const { t: tCommon } = useTranslation();
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {legalDocuments.map((document) => (
        <li key={document.slug} className="rounded-2xl border border-slate-200 p-5 dark:border-slate-800">
          <h2 className="font-semibold">
            <Link
              to={hrefOf(document.slug)}
              className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
            >
              {tCommon(`legalDocuments.${document.slug}`)}
            </Link>
          </h2>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {t(`documents.${document.slug}.summary`)}
          </p>
        </li>
      ))}
    </ul>
  );
}

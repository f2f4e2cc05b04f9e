import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { legalAudiences, legalDocuments } from '../documents';

/** The legal documents grouped by whom they are for, each with its summary. */
export function LegalDocumentList({ hrefOf }: { hrefOf: (path: string) => string }) {
  const { t } = useTranslation('legal');
  const { t: tCommon } = useTranslation();
  return (
    <div className="space-y-10">
      {legalAudiences.map((audience) => (
        <section key={audience} aria-labelledby={`legal-audience-${audience}`}>
          <h2 id={`legal-audience-${audience}`} className="mb-4 text-lg font-semibold">
            {t(`audiences.${audience}`)}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {legalDocuments
              .filter((document) => document.audience === audience)
              .map((document) => (
                <li
                  key={document.id}
                  className="rounded-2xl border border-slate-200 p-5 dark:border-slate-800"
                >
                  <h3 className="font-semibold">
                    <Link
                      to={hrefOf(document.path)}
                      className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
                    >
                      {tCommon(`legalDocuments.${document.id}`)}
                    </Link>
                  </h3>
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
                    {t(`documents.${document.id}.summary`)}
                  </p>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

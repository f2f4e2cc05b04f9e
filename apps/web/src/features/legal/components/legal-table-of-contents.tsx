import { useTranslation } from 'react-i18next';
import type { LegalHeading } from '../markdown/render-legal-markdown';

/** The document's sections, linked to their anchors: a box above the text on a phone, a sticky column on a desktop. */
export function LegalTableOfContents({ headings }: { headings: readonly LegalHeading[] }) {
  const { t } = useTranslation('legal');
  if (headings.length === 0) return null;
  return (
    <nav
      aria-labelledby="legal-contents-title"
      className="mb-8 rounded-2xl border border-slate-200 p-5 lg:sticky lg:top-8 lg:mb-0 lg:self-start lg:border-0 lg:p-0 dark:border-slate-800"
    >
      <p
        id="legal-contents-title"
        className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400"
      >
        {t('contents')}
      </p>
      <ol className="mt-3 space-y-2 text-sm">
        {headings.map((heading) => (
          <li key={heading.id}>
            <a
              href={`#${heading.id}`}
              className="text-slate-600 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-300"
            >
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

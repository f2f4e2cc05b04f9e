import { useTranslation } from 'react-i18next';
import { MAIN_CONTENT_ID } from './page-transition';

/** The first focusable element: lets keyboard users jump over the navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-slate-900 dark:text-slate-100"
    >
      {t('skipLink')}
    </a>
  );
}

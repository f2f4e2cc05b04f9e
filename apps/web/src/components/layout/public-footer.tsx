import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { openCookieSettings } from '@/lib/consent/open-cookie-settings';
import { FooterLanguageSwitch } from './footer-language-switch';

/** A small footer for public pages: where the legal documents are, the cookie settings and the language. */
export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm text-slate-500 sm:px-6 dark:text-slate-400">
        <span>{t('brand.tagline')}</span>
        <div className="flex flex-wrap items-center gap-4">
          <Link
            to={paths.legal.root.getHref()}
            className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
          >
            {t('nav.legal')}
          </Link>
          <button
            type="button"
            onClick={() => openCookieSettings()}
            className="hover:text-brand-700 hover:underline dark:hover:text-brand-300"
          >
            {t('nav.cookieSettings')}
          </button>
          <FooterLanguageSwitch />
        </div>
      </div>
    </footer>
  );
}

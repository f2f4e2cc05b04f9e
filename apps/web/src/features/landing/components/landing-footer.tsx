import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { landingSections, paths } from '@/app/paths';
import { Brand } from '@/components/layout/brand';
import { FooterLanguageSwitch } from '@/components/layout/footer-language-switch';
import { openCookieSettings } from '@/lib/consent/open-cookie-settings';

/** The footer; the route passes the legal links (features do not import each other). */
export function LandingFooter({
  legalLinks,
}: {
  legalLinks: ReadonlyArray<{ href: string; label: string }>;
}) {
  const { t } = useTranslation('landing');
  const { t: common } = useTranslation();
  const linkClass =
    'text-sm text-slate-600 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-300';
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <Brand />
        </div>
        <nav aria-labelledby="footer-product">
          <h2 id="footer-product" className="text-sm font-semibold">
            {t('footer.product')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <a className={linkClass} href={`#${landingSections.howItWorks}`}>
                {t('nav.howItWorks')}
              </a>
            </li>
            <li>
              <a className={linkClass} href={`#${landingSections.whoIsItFor}`}>
                {t('nav.whoIsItFor')}
              </a>
            </li>
            <li>
              <a className={linkClass} href={`#${landingSections.pricing}`}>
                {t('nav.pricing')}
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-accounts">
          <h2 id="footer-accounts" className="text-sm font-semibold">
            {t('footer.accounts')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <Link className={linkClass} to={paths.admin.signup.getHref()}>
                {t('nav.signup')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.admin.login.getHref()}>
                {t('footer.merchantLogin')}
              </Link>
            </li>
            <li>
              <Link className={linkClass} to={paths.client.login.getHref()}>
                {t('footer.customerLogin')}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold">
            {t('footer.legal')}
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            {legalLinks.map((link) => (
              <li key={link.href}>
                <Link className={linkClass} to={link.href}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <Link className={linkClass} to={paths.legal.root.getHref()}>
                {t('footer.legalIndex')}
              </Link>
            </li>
            <li>
              <button type="button" className={linkClass} onClick={() => openCookieSettings()}>
                {common('nav.cookieSettings')}
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 pb-10 sm:px-6">
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
        <FooterLanguageSwitch />
      </div>
    </footer>
  );
}

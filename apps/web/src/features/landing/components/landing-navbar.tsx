import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { landingSections, paths } from '@/app/paths';
import { Brand } from '@/components/layout/brand';
import { PreferencesMenu } from '@/components/layout/preferences-menu';
import { buttonClasses } from '@/components/ui/button';

const sections = [
  { id: landingSections.howItWorks, key: 'howItWorks' },
  { id: landingSections.whoIsItFor, key: 'whoIsItFor' },
  { id: landingSections.pricing, key: 'pricing' },
] as const;

/** The landing page's navbar: its sections, the two logins, the signup and the preferences menu. */
export function LandingNavbar() {
  const { t } = useTranslation('landing');
  const sectionLinks = sections.map((section) => (
    <li key={section.id}>
      <a
        href={`#${section.id}`}
        className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-300"
      >
        {t(`nav.${section.key}`)}
      </a>
    </li>
  ));
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Brand />
        <nav aria-label={t('nav.label')} className="hidden md:block">
          <ul className="flex items-center gap-4">{sectionLinks}</ul>
        </nav>
        <div className="flex items-center gap-2">
          <Link to={paths.admin.login.getHref()} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            {t('nav.login')}
          </Link>
          <Link to={paths.admin.signup.getHref()} className={buttonClasses({ size: 'sm' })}>
            {t('nav.signup')}
          </Link>
          {/* Beside the logins from a small tablet up; on a phone, in the row below (no room here). */}
          <div className="hidden sm:block">
            <PreferencesMenu />
          </div>
        </div>
      </div>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 pb-2 sm:px-6">
        <nav aria-label={t('nav.label')} className="md:hidden">
          <ul className="flex flex-wrap items-center gap-2">{sectionLinks}</ul>
        </nav>
        <div className="ml-auto flex items-center gap-3">
          <Link
            to={paths.client.login.getHref()}
            className="rounded-md px-2 py-1 text-sm text-slate-600 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-300"
          >
            {t('nav.customerLogin')}
          </Link>
          <div className="sm:hidden">
            <PreferencesMenu />
          </div>
        </div>
      </div>
    </header>
  );
}

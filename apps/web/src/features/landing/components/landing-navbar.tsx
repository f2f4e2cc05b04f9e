import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon } from '@/app/layouts/menu-icon';
import { landingSections, paths } from '@/app/paths';
import { Brand } from '@/components/layout/brand';
import { PreferencesMenu } from '@/components/layout/preferences-menu';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

const sections = [
  { id: landingSections.howItWorks, key: 'howItWorks' },
  { id: landingSections.whoIsItFor, key: 'whoIsItFor' },
  { id: landingSections.pricing, key: 'pricing' },
] as const;

const linkClasses =
  'rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-300';
const menuLinkClasses =
  'block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

function closeDisclosure(details: HTMLDetailsElement | null, focusButton = false) {
  if (!details?.open) return;
  details.open = false;
  if (focusButton) details.querySelector('summary')?.focus();
}

/**
 * The landing page's navbar, one row at every width: the brand, its sections and the customer login
 * from a laptop up, the merchant's login from a tablet up, the signup and the preferences always; what
 * does not fit is in a menu. The menu is a disclosure (`<details>`): it opens before the app's code
 * has run (the page arrives painted, ADR 203) and from the keyboard; the app closes it on a choice,
 * on Escape (focus back on its button) and on a press outside.
 */
export function LandingNavbar() {
  const { t } = useTranslation('landing');
  const { t: tCommon } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = (focusButton = false) => closeDisclosure(menu.current, focusButton);

  useEffect(() => {
    if (!menuOpen) return;
    const pressOutside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) closeDisclosure(menu.current);
    };
    document.addEventListener('pointerdown', pressOutside);
    return () => document.removeEventListener('pointerdown', pressOutside);
  }, [menuOpen]);

  const sectionLinks = (className: string, onClick?: () => void) =>
    sections.map((section) => (
      <li key={section.id}>
        <a href={`#${section.id}`} className={className} onClick={onClick}>
          {t(`nav.${section.key}`)}
        </a>
      </li>
    ));
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200/80 bg-white/85 backdrop-blur dark:border-slate-800 dark:bg-slate-950/85">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 sm:px-6">
        <Brand className="mr-auto lg:mr-4" />
        <nav aria-label={t('nav.label')} className="mr-auto hidden lg:block">
          <ul className="flex items-center gap-2">{sectionLinks(linkClasses)}</ul>
        </nav>
        <Link to={paths.client.login.getHref()} className={cn(linkClasses, 'max-lg:hidden')}>
          {t('nav.customerLogin')}
        </Link>
        <Link
          to={paths.admin.login.getHref()}
          className={buttonClasses({ variant: 'ghost', size: 'sm' }, 'max-sm:hidden')}
        >
          {t('nav.login')}
        </Link>
        <Link to={paths.admin.signup.getHref()} className={buttonClasses({ size: 'sm' })}>
          {t('nav.signup')}
        </Link>
        <PreferencesMenu />
        <details
          ref={menu}
          className="group relative lg:hidden"
          onToggle={(event) => setMenuOpen(event.currentTarget.open)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') closeMenu(true);
          }}
        >
          <summary
            aria-label={tCommon('nav.menu')}
            className={buttonClasses(
              { variant: 'ghost', size: 'icon' },
              'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
            )}
          >
            <span className="group-open:hidden">
              <MenuIcon open={false} />
            </span>
            <span className="hidden group-open:inline">
              <MenuIcon open />
            </span>
          </summary>
          <div className="absolute top-full right-0 z-40 mt-2 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-800 dark:bg-slate-900">
            <nav aria-label={t('nav.label')}>
              <ul>{sectionLinks(menuLinkClasses, () => closeMenu())}</ul>
            </nav>
            <ul className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-800">
              <li className="sm:hidden">
                <Link
                  to={paths.admin.login.getHref()}
                  className={menuLinkClasses}
                  onClick={() => closeMenu()}
                >
                  {t('nav.login')}
                </Link>
              </li>
              <li>
                <Link
                  to={paths.client.login.getHref()}
                  className={menuLinkClasses}
                  onClick={() => closeMenu()}
                >
                  {t('nav.customerLogin')}
                </Link>
              </li>
            </ul>
          </div>
        </details>
      </div>
    </header>
  );
}

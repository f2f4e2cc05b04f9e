import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/layout/brand';
import { MainContent } from '@/components/layout/main-content';
import { PageTransition } from '@/components/layout/page-transition';
import { PreferencesMenu } from '@/components/layout/preferences-menu';
import { Button } from '@/components/ui/button';
import { MerchantSessionPanel } from '@/features/auth/components/merchant-session-panel';
import { withChunkReload } from '@/lib/chunk-reload';
import { paths } from '../paths';
import { AdminNav } from './admin-nav';
import { MenuIcon } from './menu-icon';

const loadPhoneMenu = withChunkReload(() => import('./admin-phone-menu'));
const AdminPhoneMenu = lazy(() => loadPhoneMenu().then((module) => ({ default: module.AdminPhoneMenu })));

/**
 * The merchant app's layout: a sidebar on desktop, a top bar with a menu button on phones (the same
 * navigation in a sliding panel). Both carry the preferences menu (language and appearance).
 */
export function AdminWithSidebarLayout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  // Mounted on the first open only, then kept (so it can animate closed and open again at once).
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const dashboard = paths.admin.app.dashboard.getHref();
  return (
    <div data-layout="admin-with-sidebar" className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-slate-200 bg-white px-4 py-5 lg:flex dark:border-slate-800 dark:bg-slate-900">
        <Brand to={dashboard} className="px-2" />
        <div className="mt-8 flex-1 overflow-y-auto">
          <AdminNav />
        </div>
        <MerchantSessionPanel className="border-t border-slate-200 py-4 dark:border-slate-800" />
        <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
          <PreferencesMenu side="top" align="start" />
        </div>
      </aside>

      <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white/90 px-4 py-2 backdrop-blur lg:hidden dark:border-slate-800 dark:bg-slate-900/90">
        <Button
          ref={menuButton}
          variant="ghost"
          size="icon"
          aria-label={t('nav.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          // The panel's code is fetched as soon as the merchant reaches for the button.
          onPointerEnter={() => void loadPhoneMenu()}
          onTouchStart={() => void loadPhoneMenu()}
          onFocus={() => void loadPhoneMenu()}
          onClick={() => {
            setMenuWanted(true);
            setMenuOpen(true);
          }}
        >
          <MenuIcon open={false} />
        </Button>
        {menuWanted ? (
          <Suspense fallback={null}>
            <AdminPhoneMenu open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} />
          </Suspense>
        ) : null}
        <Brand to={dashboard} />
      </header>

      <MainContent className="lg:pl-64">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6 lg:px-10 lg:py-10">
          <PageTransition />
        </div>
      </MainContent>
    </div>
  );
}

export { AdminWithSidebarLayout as Component };

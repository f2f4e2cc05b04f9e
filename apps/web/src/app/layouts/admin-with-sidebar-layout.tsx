import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/layout/brand';
import { MainContent } from '@/components/layout/main-content';
import { PageTransition } from '@/components/layout/page-transition';
import { PreferenceControls } from '@/components/layout/preference-controls';
import { Button } from '@/components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { MerchantSessionPanel } from '@/features/auth/components/merchant-session-panel';
import { paths } from '../paths';
import { AdminNav } from './admin-nav';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
    </svg>
  );
}

/**
 * The merchant app's layout: a sidebar on desktop, a top bar with a menu button on phones (the same
 * navigation in a sliding panel). Both carry the language and theme switchers.
 */
export function AdminWithSidebarLayout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const dashboard = paths.admin.app.dashboard.getHref();
  return (
    <div data-layout="admin-with-sidebar" className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-slate-200 bg-white px-4 py-5 lg:flex dark:border-slate-800 dark:bg-slate-900">
        <Brand to={dashboard} className="px-2" />
        <div className="mt-8 flex-1 overflow-y-auto">
          <AdminNav />
        </div>
        <MerchantSessionPanel className="border-t border-slate-200 py-4 dark:border-slate-800" />
        <PreferenceControls className="border-t border-slate-200 pt-4 dark:border-slate-800" />
      </aside>

      <header className="sticky top-0 z-30 flex items-center gap-3 border-b border-slate-200 bg-white/90 px-4 py-2 backdrop-blur lg:hidden dark:border-slate-800 dark:bg-slate-900/90">
        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('nav.openMenu')}>
              <MenuIcon open={false} />
            </Button>
          </SheetTrigger>
          <SheetContent side="left" className="px-4 py-4">
            <div className="flex items-center justify-between">
              <SheetTitle className="px-2 text-base font-semibold">{t('nav.menu')}</SheetTitle>
              <SheetClose asChild>
                <Button variant="ghost" size="icon" aria-label={t('nav.closeMenu')}>
                  <MenuIcon open />
                </Button>
              </SheetClose>
            </div>
            <div className="mt-6 flex-1 overflow-y-auto">
              <AdminNav onNavigate={() => setMenuOpen(false)} />
            </div>
            <MerchantSessionPanel className="border-t border-slate-200 py-4 dark:border-slate-800" />
            <PreferenceControls className="border-t border-slate-200 pt-4 dark:border-slate-800" />
          </SheetContent>
        </Sheet>
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

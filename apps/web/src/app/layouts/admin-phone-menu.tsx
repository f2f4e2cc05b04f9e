import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PreferencesMenu } from '@/components/layout/preferences-menu';
import { Button } from '@/components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetTitle } from '@/components/ui/sheet';
import { MerchantSessionPanel } from '@/features/auth/components/merchant-session-panel';
import { AdminNav } from './admin-nav';
import { MenuIcon } from './menu-icon';

/**
 * The merchant area's navigation in a panel sliding from the left, for phones. Its own chunk with
 * Radix Dialog (focus trap, Escape, focus back to the menu button): downloaded when the merchant
 * reaches for the menu button, never with the page (ADR 111).
 */
export function AdminPhoneMenu({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button (no Radix trigger: the button is rendered before this code loads). */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        className="px-4 py-4"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <div className="flex items-center justify-between">
          <SheetTitle className="px-2 text-base font-semibold">{t('nav.menu')}</SheetTitle>
          <SheetClose asChild>
            <Button variant="ghost" size="icon" aria-label={t('nav.closeMenu')}>
              <MenuIcon open />
            </Button>
          </SheetClose>
        </div>
        <div className="mt-6 flex-1 overflow-y-auto">
          <AdminNav onNavigate={() => onOpenChange(false)} />
        </div>
        <MerchantSessionPanel className="border-t border-slate-200 py-4 dark:border-slate-800" />
        <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
          <PreferencesMenu side="top" align="start" />
        </div>
      </SheetContent>
    </Sheet>
  );
}

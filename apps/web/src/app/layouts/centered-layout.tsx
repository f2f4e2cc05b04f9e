import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { MainContent } from '@/components/layout/main-content';
import { PageTransition } from '@/components/layout/page-transition';
import { PreferencesMenu } from '@/components/layout/preferences-menu';
import { cn } from '@/components/ui/cn';

export type CenteredLayoutName =
  | 'admin-centered'
  | 'admin-w-centered'
  | 'client-centered'
  | 'client-w-centered';

/**
 * The centered layouts: a header with the nest brand, the area's name and the preferences, and the
 * page in a centered column — narrow for forms (login, signup), wide ("w") for multi-part content.
 */
export function CenteredLayout({ name, actions }: { name: CenteredLayoutName; actions?: ReactNode }) {
  const { t } = useTranslation();
  const area = name.startsWith('admin') ? 'admin' : 'client';
  const wide = name.includes('-w-');
  // A page that needs room (the plans side by side) says so with `handle = { wideContent: true }`.
  const wideContent = useMatches().some(
    (match) => (match.handle as { wideContent?: boolean } | undefined)?.wideContent === true,
  );
  return (
    <div
      data-layout={name}
      className={cn(
        'flex min-h-dvh flex-col',
        area === 'admin' ? 'bg-slate-50 dark:bg-slate-950' : 'bg-brand-50/60 dark:bg-slate-950',
      )}
    >
      <header className="border-b border-slate-200 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-900/80">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-3">
            <Brand />
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              {area === 'admin' ? t('nav.merchantArea') : t('nav.customerArea')}
            </span>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <PreferencesMenu />
            {actions}
          </div>
        </div>
      </header>
      <MainContent className="flex flex-1 justify-center px-4 py-10 sm:items-center sm:px-6">
        <PageTransition
          className={cn('w-full', wideContent ? 'max-w-6xl' : wide ? 'max-w-3xl' : 'max-w-md')}
        />
      </MainContent>
    </div>
  );
}

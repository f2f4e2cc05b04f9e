import { Brand } from './brand';
import { PreferencesMenu } from './preferences-menu';

/** The header of public pages in the default layout (legal, link pages): brand and preferences. */
export function PublicHeader() {
  return (
    <header className="border-b border-slate-200 dark:border-slate-800">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <Brand />
        <PreferencesMenu />
      </div>
    </header>
  );
}

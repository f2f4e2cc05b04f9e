import type { ReactNode } from 'react';

/** The card the login, signup and password pages sit in, with a line saying what the page is for. */
export function AuthPanel({ intro, children }: { intro: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-6">
      <p className="-mt-3 text-slate-600 dark:text-slate-300">{intro}</p>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
        {children}
      </div>
    </div>
  );
}

import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/**
 * The preferences menu's button: a globe and the current language's code ("EN", "FR"). Rendered alone
 * until the menu's code is loaded, then as the menu's trigger (ADR 200).
 */
export function PreferencesButton({ className, ...props }: ComponentPropsWithRef<'button'>) {
  const { t, i18n } = useTranslation();
  const code = (i18n.resolvedLanguage ?? i18n.language).slice(0, 2).toUpperCase();
  return (
    <button
      type="button"
      // The visible code is part of the name ("Language and appearance: EN"): what is seen can be said.
      aria-label={t('preferences.button', { code })}
      title={t('preferences.label')}
      aria-haspopup="menu"
      className={buttonClasses({ variant: 'secondary', size: 'sm' }, cn('gap-1.5 px-2.5', className))}
      {...props}
    >
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-4 text-slate-500 dark:text-slate-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.75 5.6 3.75 9S14.5 18.4 12 21c-2.5-2.6-3.75-5.6-3.75-9S9.5 5.6 12 3z" />
      </svg>
      <span>{code}</span>
      <svg
        viewBox="0 0 24 24"
        aria-hidden="true"
        className="size-3.5 text-slate-500 dark:text-slate-400"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="m6 9 6 6 6-6" />
      </svg>
    </button>
  );
}

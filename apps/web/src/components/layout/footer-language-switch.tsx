import { isLocale, locales } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { changeLocale } from '@/lib/i18n/i18n';

/**
 * The footer's language switch: each language by its own name ("Français"), the current one marked.
 * Changes the words at once and remembers the choice (the locale cookie), as the preferences menu does.
 */
export function FooterLanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <fieldset className={cn('flex items-center gap-3 text-sm', className)}>
      {/* The legend names the group for assistive technology; the same word is shown inline. */}
      <legend className="sr-only">{t('language.label')}</legend>
      <span aria-hidden="true" className="text-slate-500 dark:text-slate-400">
        {t('language.label')}
      </span>
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={current === locale}
          onClick={() => {
            if (isLocale(locale) && locale !== current) void changeLocale(locale);
          }}
          className={cn(
            'rounded-sm hover:text-brand-700 hover:underline dark:hover:text-brand-300',
            current === locale
              ? 'font-semibold text-slate-900 dark:text-slate-100'
              : 'text-slate-600 dark:text-slate-300',
          )}
        >
          {t(`language.names.${locale}`)}
        </button>
      ))}
    </fieldset>
  );
}

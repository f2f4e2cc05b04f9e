import { isLocale, locales } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { changeLocale } from '@/lib/i18n/i18n';

/** Switches the language; the choice is kept in the locale cookie for a year. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <SelectField
      className={className}
      label={t('language.label')}
      hideLabel
      value={i18n.resolvedLanguage ?? i18n.language}
      onChange={(event) => {
        const next = event.target.value;
        if (isLocale(next)) void changeLocale(next);
      }}
      // The option names are endonyms ("Français"), so each is announced in its own language.
      options={locales.map((locale) => ({
        value: locale,
        label: t(`language.names.${locale}`),
        lang: locale,
      }))}
    />
  );
}

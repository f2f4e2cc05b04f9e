import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { colorModePreferences, isColorModePreference } from '@/lib/color-mode/color-mode';
import { useColorMode } from '@/lib/color-mode/use-color-mode';

/** System, light or dark; kept in the colour-mode cookie. Disabled on a page that forces its theme. */
export function ColorModeSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { preference, forced, setPreference } = useColorMode();
  return (
    <SelectField
      className={className}
      label={t('colorMode.label')}
      hideLabel
      value={preference}
      disabled={forced !== undefined}
      title={forced ? t('colorMode.forced') : undefined}
      onChange={(event) => {
        if (isColorModePreference(event.target.value)) setPreference(event.target.value);
      }}
      options={colorModePreferences.map((mode) => ({ value: mode, label: t(`colorMode.${mode}`) }))}
    />
  );
}

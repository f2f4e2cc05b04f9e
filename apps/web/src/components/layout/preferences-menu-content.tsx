import { isLocale, locales } from '@nest/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { colorModePreferences, isColorModePreference } from '@/lib/color-mode/color-mode';
import { useColorMode } from '@/lib/color-mode/use-color-mode';
import { changeLocale } from '@/lib/i18n/i18n';
import { PreferencesButton } from './preferences-button';
import type { PreferencesMenuProps } from './preferences-menu';

export interface PreferencesMenuContentProps extends PreferencesMenuProps {
  /** Open at once: the visitor pressed the button before this code had loaded. */
  defaultOpen: boolean;
  /** Take the focus from the button this trigger replaces. */
  focusTrigger: boolean;
}

const itemClasses =
  'relative flex cursor-default items-center rounded-md py-2 pr-3 pl-8 text-sm text-slate-800 select-none -outline-offset-2 data-disabled:opacity-50 data-highlighted:bg-slate-100 dark:text-slate-100 dark:data-highlighted:bg-slate-800';

function Item({
  value,
  lang,
  disabled,
  children,
}: {
  value: string;
  lang?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.RadioItem value={value} lang={lang} disabled={disabled} className={itemClasses}>
      <DropdownMenu.ItemIndicator className="absolute left-2 inline-flex size-4 items-center justify-center">
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="size-4 text-brand-700 dark:text-brand-300"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m5 12 5 5 9-10" />
        </svg>
      </DropdownMenu.ItemIndicator>
      {children}
    </DropdownMenu.RadioItem>
  );
}

const labelClasses = 'px-3 pt-2 pb-1 text-xs font-medium text-slate-500 dark:text-slate-400';

/**
 * The preferences menu itself (its own chunk, loaded by `PreferencesMenu`): the language and the
 * colour mode as two radio groups, kept exactly as before (locale cookie, colour-mode cookie).
 * Radix gives the keyboard: arrows, Home/End, typeahead, Escape, and the focus back on the button.
 */
export function PreferencesMenuContent({
  className,
  side = 'bottom',
  align = 'end',
  defaultOpen,
  focusTrigger,
}: PreferencesMenuContentProps) {
  const { t, i18n } = useTranslation();
  const { preference, forced, setPreference } = useColorMode();
  const trigger = useRef<HTMLButtonElement>(null);
  const languageId = useId();
  const appearanceId = useId();
  // The focus goes to this trigger before the open menu takes it: left on the page's body when the
  // focused button is replaced, a modal dialog around (the merchant's phone menu) pulls it back, which
  // the menu just opened reads as a focus outside, and closes (ADR 204).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when this trigger replaces the button.
  useLayoutEffect(() => {
    if (focusTrigger) trigger.current?.focus();
  }, []);

  return (
    // Not modal: the page behind stays readable and scrollable; Tab or a click outside closes the menu.
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger asChild>
        <PreferencesButton ref={trigger} className={className} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          side={side}
          align={align}
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-48 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <DropdownMenu.Label id={languageId} className={labelClasses}>
            {t('language.label')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-labelledby={languageId}
            value={i18n.resolvedLanguage ?? i18n.language}
            onValueChange={(next) => {
              if (isLocale(next)) void changeLocale(next);
            }}
          >
            {/* Endonyms ("Français"), each announced in its own language. */}
            {locales.map((locale) => (
              <Item key={locale} value={locale} lang={locale}>
                {t(`language.names.${locale}`)}
              </Item>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200 dark:bg-slate-700" />
          <DropdownMenu.Label id={appearanceId} className={labelClasses}>
            {t('preferences.appearance')}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            aria-labelledby={appearanceId}
            value={preference}
            onValueChange={(next) => {
              if (isColorModePreference(next)) setPreference(next);
            }}
          >
            {colorModePreferences.map((mode) => (
              <Item key={mode} value={mode} disabled={forced !== undefined}>
                {t(`colorMode.${mode}`)}
              </Item>
            ))}
          </DropdownMenu.RadioGroup>
          {forced ? (
            <p className="max-w-56 px-3 pt-1 pb-2 text-xs text-slate-500 dark:text-slate-400">
              {t('colorMode.forced')}
            </p>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The preferences menu of the app's layouts (ADR 200): one button, "Language and appearance: EN" in
 * the page's language, opening a menu with the language and the colour mode as radio items. (The
 * standalone link page keeps its two native selects.)
 */
// `\s`: the accessible name's no-break space before the French colon is matched as a space.
export const PREFERENCES_BUTTON = /^(?:Language and appearance:|Langue et apparence\s:) (?:EN|FR)$/;

const LANGUAGE_NAMES = { 'en-US': 'English', 'fr-FR': 'Français' } as const;
const COLOR_MODE_NAMES = {
  system: /^(?:System|Système)$/,
  light: /^(?:Light|Clair)$/,
  dark: /^(?:Dark|Sombre)$/,
} as const;

export type ColorMode = keyof typeof COLOR_MODE_NAMES;

/** The menu's button in `scope` (the page, or a sidebar, a header, the phone menu). */
export function preferencesButton(scope: Page | Locator): Locator {
  return scope.getByRole('button', { name: PREFERENCES_BUTTON });
}

/** Opens the menu with a click and answers it (the menu is portalled to the page's body). */
export async function openPreferences(page: Page, scope: Page | Locator = page): Promise<Locator> {
  await preferencesButton(scope).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** The language's radio item in the open menu (its name is the endonym, the same in both languages). */
export function languageItem(menu: Locator, locale: keyof typeof LANGUAGE_NAMES): Locator {
  return menu.getByRole('menuitemradio', { name: LANGUAGE_NAMES[locale] });
}

/** The colour mode's radio item in the open menu, in either language. */
export function colorModeItem(menu: Locator, mode: ColorMode): Locator {
  return menu.getByRole('menuitemradio', { name: COLOR_MODE_NAMES[mode] });
}

/** Switches the language through the menu; the menu closes. */
export async function chooseLanguage(
  page: Page,
  locale: keyof typeof LANGUAGE_NAMES,
  scope: Page | Locator = page,
): Promise<void> {
  const menu = await openPreferences(page, scope);
  await languageItem(menu, locale).click();
  await expect(menu).toBeHidden();
}

/** Chooses the colour mode through the menu; the menu closes. */
export async function chooseColorMode(
  page: Page,
  mode: ColorMode,
  scope: Page | Locator = page,
): Promise<void> {
  const menu = await openPreferences(page, scope);
  await colorModeItem(menu, mode).click();
  await expect(menu).toBeHidden();
}

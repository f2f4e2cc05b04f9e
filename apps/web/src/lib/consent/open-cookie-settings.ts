/** The event the footers' "Cookie settings" sends; the app's entry (main.tsx) opens the settings. */
export const COOKIE_SETTINGS_EVENT = 'nest:cookie-settings';

/**
 * The footer's "Cookie settings" (ADR 170): announced to the entry, which loads the consent code only
 * now, so the footers of every page carry nothing but this call.
 */
export function openCookieSettings(): void {
  window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT));
}

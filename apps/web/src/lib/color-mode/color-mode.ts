import { COLOR_MODE_COOKIE } from '@nest/contracts';
import { readCookie, writeCookie } from '../cookies';

export const colorModePreferences = ['system', 'light', 'dark'] as const;
/** What the visitor chose: follow the system, or always light, or always dark. */
export type ColorModePreference = (typeof colorModePreferences)[number];
/** What a page may force; forcing 'system' is meaningless and refused. */
export type ForcedColorMode = 'light' | 'dark';
export type ResolvedColorMode = 'light' | 'dark';

export const COLOR_MODE_COOKIE_MAX_AGE_DAYS = 365;
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isColorModePreference(value: unknown): value is ColorModePreference {
  return typeof value === 'string' && (colorModePreferences as readonly string[]).includes(value);
}

export function resolveColorMode(
  preference: ColorModePreference,
  forced: ForcedColorMode | undefined,
  systemPrefersDark: boolean,
): ResolvedColorMode {
  if (forced) return forced;
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/**
 * Checks a page's forced mode. 'system' is refused with a warning (the spec's rule: a page may force
 * light or dark, never "whatever the system says", which is the visitor's choice to make).
 */
export function validateForcedColorMode(value: unknown, where: string): ForcedColorMode | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'light' || value === 'dark') return value;
  if (value === 'system') {
    console.warn(`The page ${where} cannot force the colour mode 'system'; ignoring it.`);
  } else {
    console.warn(`The page ${where} forces an unknown colour mode ${JSON.stringify(value)}; ignoring it.`);
  }
  return undefined;
}

/** Puts the `dark` class (Tailwind's dark variant) and the matching color-scheme on <html>. */
export function applyColorMode(mode: ResolvedColorMode, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', mode === 'dark');
  root.style.colorScheme = mode;
}

// A tiny store: the preference lives in a cookie and the forced mode comes from the current route;
// every hook reads them here.
type Listener = () => void;
const listeners = new Set<Listener>();
let preference: ColorModePreference | undefined;
let forcedMode: ForcedColorMode | undefined;

function notify(): void {
  for (const listener of listeners) listener();
}

export function getColorModePreference(): ColorModePreference {
  if (preference === undefined) {
    const fromCookie = readCookie(COLOR_MODE_COOKIE);
    preference = isColorModePreference(fromCookie) ? fromCookie : 'system';
  }
  return preference;
}

export function setColorModePreference(next: ColorModePreference): void {
  preference = next;
  writeCookie(COLOR_MODE_COOKIE, next, COLOR_MODE_COOKIE_MAX_AGE_DAYS);
  notify();
}

export function getForcedColorMode(): ForcedColorMode | undefined {
  return forcedMode;
}

/** Set by the shell from the current route's handle. */
export function setForcedColorMode(next: ForcedColorMode | undefined): void {
  if (next === forcedMode) return;
  forcedMode = next;
  notify();
}

export function subscribeColorMode(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

export function subscribeSystemColorMode(listener: Listener): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

/** For tests: forget the cached preference so the cookie is read again. */
export function resetColorModeStore(): void {
  preference = undefined;
  forcedMode = undefined;
  listeners.clear();
}

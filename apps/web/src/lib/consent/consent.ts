/**
 * Consent to analytics (ADR 170): asked before PostHog is loaded, remembered in a first-party cookie
 * for 6 months (the CNIL's guidance), changeable at any time from "Cookie settings". This file is a
 * chunk of its own with no static imports (so importing it adds nothing to the pages' first scripts);
 * the banner is another chunk, loaded only when it must be shown.
 */
export const CONSENT_COOKIE = 'nest_consent';
/** 6 months, as the CNIL recommends for remembering a choice (granted or refused). */
export const CONSENT_MAX_AGE_DAYS = 182;

export type ConsentChoice = { analytics: boolean };

export function parseConsent(value: string | undefined): ConsentChoice | null {
  if (value === 'analytics=granted') return { analytics: true };
  if (value === 'analytics=denied') return { analytics: false };
  return null;
}

export function serializeConsent(choice: ConsentChoice): string {
  return `analytics=${choice.analytics ? 'granted' : 'denied'}`;
}

export function readConsent(source: string = document.cookie): ConsentChoice | null {
  const prefix = `${CONSENT_COOKIE}=`;
  const part = source
    .split(';')
    .map((item) => item.trim())
    .find((item) => item.startsWith(prefix));
  return parseConsent(part ? decodeURIComponent(part.slice(prefix.length)) : undefined);
}

type Listener = (choice: ConsentChoice) => void;
const listeners = new Set<Listener>();

/** Stores the visitor's choice and tells whoever listens (analytics starts or stops). */
export function saveConsent(choice: ConsentChoice): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: as cookies.ts (the Cookie Store API is missing from Firefox and older Safari).
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(choice))}; path=/; max-age=${CONSENT_MAX_AGE_DAYS * 86_400}; samesite=lax${secure}`;
  for (const listener of listeners) listener(choice);
}

export function onConsentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Shows the consent banner: `ask` on a first visit (no choice yet), `settings` from the footer's
 * "Cookie settings" (opens with the choices per purpose). The banner's code loads only now.
 */
export function showConsentBanner(mode: 'ask' | 'settings'): void {
  void import('./consent-banner')
    .then(({ mountConsentBanner }) => mountConsentBanner(mode))
    .catch((error: unknown) => console.warn('The cookie settings could not open.', error));
}

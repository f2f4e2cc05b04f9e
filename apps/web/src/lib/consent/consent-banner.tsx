import { useEffect, useId, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { readConsent, saveConsent } from './consent';

/**
 * The consent banner (ADR 170). Its own small React root, so it works the same in the app and on
 * the standalone link page, and its own words (both languages), so it needs no catalogue. Accept,
 * refuse and choose have the same size, weight and colour: no answer is easier than another.
 */
type Words = Record<
  | 'title'
  | 'body'
  | 'policy'
  | 'accept'
  | 'refuse'
  | 'choose'
  | 'save'
  | 'necessary'
  | 'necessaryHint'
  | 'analytics'
  | 'analyticsHint'
  | 'saved'
  | 'close',
  string
>;

const words: Record<'en-US' | 'fr-FR', Words> = {
  'en-US': {
    title: 'Your choice about cookies',
    body: 'Nest uses only the cookies it needs to work (your session, language and display). With your permission, we would also measure how pages are used with PostHog (hosted in the EU) to improve Nest. Nothing is measured unless you accept, and Nest works the same if you refuse.',
    policy: 'Cookie policy',
    accept: 'Accept',
    refuse: 'Refuse',
    choose: 'Choose',
    save: 'Save my choices',
    necessary: 'Necessary',
    necessaryHint:
      'Session, language, colour mode and this choice. Always on: Nest cannot work without them.',
    analytics: 'Audience measurement',
    analyticsHint: 'Pages visited, to improve Nest (PostHog, EU). Off unless you turn it on.',
    saved: 'Your choice is saved for 6 months. Change it any time from “Cookie settings”.',
    close: 'Close',
  },
  'fr-FR': {
    title: 'Votre choix concernant les cookies',
    body: 'Nest n’utilise que les cookies nécessaires à son fonctionnement (votre session, votre langue et l’affichage). Avec votre accord, nous mesurerions aussi l’utilisation des pages avec PostHog (hébergé dans l’UE) pour améliorer Nest. Rien n’est mesuré sans votre accord, et Nest fonctionne de la même façon si vous refusez.',
    policy: 'Politique de cookies',
    accept: 'Accepter',
    refuse: 'Refuser',
    choose: 'Choisir',
    save: 'Enregistrer mes choix',
    necessary: 'Nécessaires',
    necessaryHint:
      'Session, langue, mode d’affichage et ce choix. Toujours actifs : Nest ne peut pas fonctionner sans eux.',
    analytics: 'Mesure d’audience',
    analyticsHint: 'Pages visitées, pour améliorer Nest (PostHog, UE). Désactivée sauf si vous l’activez.',
    saved: 'Votre choix est conservé 6 mois. Modifiez-le à tout moment depuis « Paramètres des cookies ».',
    close: 'Fermer',
  },
};

function currentWords(): Words {
  return document.documentElement.lang.toLowerCase().startsWith('fr') ? words['fr-FR'] : words['en-US'];
}

/** Follows the page's language (the language switch changes `<html lang>`). */
function usePageWords(): Words {
  const [value, setValue] = useState(currentWords);
  useEffect(() => {
    const observer = new MutationObserver(() => setValue(currentWords()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
    return () => observer.disconnect();
  }, []);
  return value;
}

const buttonClass =
  'inline-flex h-10 min-w-28 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700';

export function ConsentBanner({ mode, onDone }: { mode: 'ask' | 'settings'; onDone: () => void }) {
  const t = usePageWords();
  // Prefixed: this is a root of its own, and Preact numbers each root's ids from the same start, so
  // the page's first field and this title would share an id (ADR 204).
  const titleId = `consent-${useId()}`;
  const analyticsId = `consent-${useId()}`;
  const [choosing, setChoosing] = useState(mode === 'settings');
  const [analytics, setAnalytics] = useState(() => readConsent()?.analytics ?? false);
  const region = useRef<HTMLElement>(null);

  // From "Cookie settings" the visitor asked for it: focus moves into the banner.
  useEffect(() => {
    if (mode === 'settings') region.current?.focus();
  }, [mode]);

  function decide(choice: boolean) {
    saveConsent({ analytics: choice });
    onDone();
  }

  return (
    <section
      ref={region}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="consent-banner"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-lg outline-none sm:inset-x-4 sm:bottom-4 sm:p-5 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && mode === 'settings') onDone();
      }}
    >
      <h2 id={titleId} className="text-base font-semibold">
        {t.title}
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {t.body}{' '}
        <a
          href="/legal/documents/cookie-policy"
          className="font-medium text-brand-700 underline dark:text-brand-300"
        >
          {t.policy}
        </a>
      </p>
      {choosing ? (
        <form
          className="mt-4 flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            decide(analytics);
          }}
        >
          <fieldset className="flex flex-col gap-3">
            <legend className="sr-only">{t.title}</legend>
            <div className="flex items-start gap-3">
              <input
                type="checkbox"
                checked
                disabled
                id={`${analyticsId}-necessary`}
                aria-describedby={`${analyticsId}-necessary-hint`}
                className="mt-1 size-4"
              />
              <div>
                <label htmlFor={`${analyticsId}-necessary`} className="text-sm font-medium">
                  {t.necessary}
                </label>
                <p
                  id={`${analyticsId}-necessary-hint`}
                  className="text-sm text-slate-600 dark:text-slate-400"
                >
                  {t.necessaryHint}
                </p>
              </div>
            </div>
            <div className="flex items-start gap-3">
              <input
                type="checkbox"
                id={analyticsId}
                checked={analytics}
                onChange={(event) => setAnalytics(event.target.checked)}
                aria-describedby={`${analyticsId}-hint`}
                className="mt-1 size-4 accent-brand-700"
              />
              <div>
                <label htmlFor={analyticsId} className="text-sm font-medium">
                  {t.analytics}
                </label>
                <p id={`${analyticsId}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
                  {t.analyticsHint}
                </p>
              </div>
            </div>
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass} onClick={() => decide(false)}>
              {t.refuse}
            </button>
            <button type="button" className={buttonClass} onClick={() => decide(true)}>
              {t.accept}
            </button>
            <button type="submit" className={buttonClass}>
              {t.save}
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className={buttonClass} onClick={() => decide(false)}>
            {t.refuse}
          </button>
          <button type="button" className={buttonClass} onClick={() => decide(true)}>
            {t.accept}
          </button>
          <button type="button" className={buttonClass} onClick={() => setChoosing(true)}>
            {t.choose}
          </button>
        </div>
      )}
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">{t.saved}</p>
    </section>
  );
}

let root: Root | null = null;
let host: HTMLElement | null = null;

/** Renders the banner into its own element at the end of the body; one at a time. */
export function mountConsentBanner(mode: 'ask' | 'settings'): void {
  if (!host) {
    host = document.createElement('div');
    host.id = 'consent-root';
    document.body.append(host);
    root = createRoot(host);
  }
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  root?.render(
    <ConsentBanner
      key={`${mode}-${Date.now()}`}
      mode={mode}
      onDone={() => {
        root?.render(null);
        if (mode === 'settings') previousFocus?.focus();
      }}
    />,
  );
}

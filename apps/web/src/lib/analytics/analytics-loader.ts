import { onConsentChange, readConsent, showConsentBanner } from '../consent/consent';
import type { analyticsQueue, capturePageview } from './analytics';
import type { scrubEvent } from './scrub';

/**
 * What this chunk needs from the page's own scripts, handed in rather than imported, so its preload
 * list (written in the entry's first script) stays short (ADR 170).
 */
export interface LoaderDeps {
  queue: typeof analyticsQueue;
  capturePageview: typeof capturePageview;
  scrubEvent: typeof scrubEvent;
}

/**
 * Analytics after consent (ADR 170), loaded when the browser is idle after the first render and only
 * when a key is configured: a stored "accept" loads posthog-js; no stored choice shows the consent
 * banner and waits; a refusal loads nothing. The choice can change later from "Cookie settings".
 */
/** The footer's "Cookie settings" (main.tsx loads this chunk for it, key or no key). */
export function openConsentSettings(): void {
  showConsentBanner('settings');
}

export function startWithConsent(key: string, host: string | null, deps: LoaderDeps): void {
  const { queue: analyticsQueue, capturePageview, scrubEvent } = deps;
  let loading = false;
  const load = async () => {
    if (loading) return;
    loading = true;
    try {
      const { default: posthog } = await import('posthog-js');
      posthog.init(key, {
        api_host: host ?? 'https://eu.i.posthog.com',
        person_profiles: 'identified_only',
        capture_pageview: false,
        capture_pageleave: false,
        autocapture: false,
        // The CSP allows scripts from our own origin only: nothing that would fetch remote code.
        disable_external_dependency_loading: true,
        disable_session_recording: true,
        disable_surveys: true,
        disable_product_tours: true,
        disable_conversations: true,
        advanced_disable_flags: true,
        capture_dead_clicks: false,
        capture_heatmaps: false,
        capture_exceptions: false,
        capture_performance: false,
        // Addresses lose their tokens, codes, emails and session ids before any event leaves.
        before_send: scrubEvent,
      });
      if (!readConsent()?.analytics) {
        // Consent was withdrawn while posthog-js downloaded: it sends nothing.
        posthog.opt_out_capturing();
        return;
      }
      // Withdrawn earlier in this page, then given again: the same instance starts capturing again.
      if (posthog.has_opted_out_capturing()) posthog.opt_in_capturing();
      analyticsQueue.ready(posthog);
    } catch (error) {
      analyticsQueue.stopped();
      console.warn('Analytics could not start; continuing without it.', error);
    } finally {
      loading = false;
    }
  };

  onConsentChange((choice) => {
    if (choice.analytics) {
      const wasRefused = analyticsQueue.waiting();
      // Given from "Cookie settings" after a refusal: the page they are on counts from now.
      if (wasRefused) capturePageview(window.location.href);
      void load();
    } else {
      // Refused or withdrawn: queued calls are dropped, PostHog stops and forgets this browser.
      const client = analyticsQueue.stopped();
      client?.opt_out_capturing();
      client?.reset();
      forgetPosthogStorage();
    }
  });

  const consent = readConsent();
  if (consent?.analytics) void load();
  else if (consent) analyticsQueue.stopped();
  else showConsentBanner('ask');
}

/** Removes what PostHog stored in this browser (its cookie and local storage keys start with `ph_`). */
function forgetPosthogStorage(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring a cookie; see cookies.ts.
    if (name?.startsWith('ph_')) document.cookie = `${name}=; path=/; max-age=0`;
  }
  try {
    for (const key of Object.keys(window.localStorage))
      if (key.startsWith('ph_')) localStorage.removeItem(key);
  } catch {
    // Storage can be blocked; nothing was stored then.
  }
}

import type { PostHog } from 'posthog-js';
import { getConfig } from '../config';
import { scrubEvent, scrubUrl } from './scrub';

/**
 * Product analytics (PostHog), spec §1: outside development only, only with a configured key, and
 * only after the visitor consents (ADR 170). This file is on every page and stays tiny: it queues
 * calls. When the browser is idle after the first render, `analytics-loader.ts` (its own chunk) reads
 * the stored choice, asks with the consent banner when there is none, and imports posthog-js only
 * after "accept", so it never delays a page and never runs for a visitor who refused.
 */
export function analyticsEnabled(options: { dev: boolean; key: string | null }): boolean {
  return !options.dev && Boolean(options.key);
}

type Call = (client: PostHog) => void;
/** Calls made before posthog-js arrived (in memory only); bounded so a failed load cannot grow it. */
const pending: Call[] = [];
const MAX_PENDING = 100;
let client: PostHog | null = null;
/** `waiting`: for the visitor's choice or for posthog-js; `refused`: calls are dropped. */
let state: 'off' | 'waiting' | 'ready' | 'refused' = 'off';

function run(call: Call): void {
  if (state === 'ready' && client) call(client);
  else if (state === 'waiting' && pending.length < MAX_PENDING) pending.push(call);
}

/** What the loader tells this queue (analytics-loader.ts). */
export const analyticsQueue = {
  /** Consent given: calls are kept until posthog-js is ready. True when it follows a refusal. */
  waiting(): boolean {
    const wasRefused = state === 'refused';
    state = 'waiting';
    return wasRefused;
  },
  ready(posthog: PostHog): void {
    client = posthog;
    state = 'ready';
    for (const call of pending.splice(0)) call(posthog);
  },
  /** Refused, withdrawn, or posthog-js failed to load: nothing is kept or sent. */
  stopped(): PostHog | null {
    const was = client;
    pending.length = 0;
    client = null;
    state = 'refused';
    return was;
  },
};

function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(callback, { timeout: 3000 });
  else window.setTimeout(callback, 1);
}

/**
 * Called once after the first render, with the entry's `() => import('./analytics-loader')`: the
 * import is written in the entry (main.tsx, links-main.tsx), whose preload list exists anyway, so the
 * shell's shared file carries none (ADR 170).
 */
export function startAnalytics(
  loadLoader: () => Promise<typeof import('./analytics-loader')>,
  options = { dev: import.meta.env.DEV, config: getConfig() },
): void {
  const { posthogKey, posthogHost } = options.config;
  if (state !== 'off' || !analyticsEnabled({ dev: options.dev, key: posthogKey }) || !posthogKey) return;
  state = 'waiting';
  whenIdle(() =>
    loadLoader()
      .then(({ startWithConsent }) =>
        startWithConsent(posthogKey, posthogHost, {
          queue: analyticsQueue,
          capturePageview,
          scrubEvent,
        }),
      )
      // A chunk that fails to load is reported by the shell (chunk-reload.ts); analytics stays off.
      .catch(() => analyticsQueue.stopped()),
  );
}

/** A `$pageview` carrying the current full path, with its secrets removed (scrub.ts). */
export function capturePageview(url: string): void {
  run((posthog) => posthog.capture('$pageview', { $current_url: scrubUrl(url) }));
}

/** After login or signup: attaches events to the merchant or customer. */
export function identify(distinctId: string, properties?: Record<string, unknown>): void {
  run((posthog) => posthog.identify(distinctId, properties));
}

/** Links an earlier anonymous or other id to the identified person (e.g. right after signup). */
export function alias(aliasId: string, original?: string): void {
  run((posthog) => posthog.alias(aliasId, original));
}

/** After logout: a new anonymous visitor. */
export function reset(): void {
  run((posthog) => posthog.reset());
}

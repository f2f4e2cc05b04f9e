import type { PostHog } from 'posthog-js';
import { getConfig } from '../config';
import { scrubEvent, scrubUrl } from './scrub';

/**
 * Product analytics (PostHog), spec §1: outside development only, only with a configured key,
 * profiles for identified users only, page views sent by us after each route change. posthog-js is
 * imported when the browser is idle after the first render, so it never delays a page.
 */
export function analyticsEnabled(options: { dev: boolean; key: string | null }): boolean {
  return !options.dev && Boolean(options.key);
}

type Call = (client: PostHog) => void;
/** Calls made before posthog-js arrived; bounded so a failed load cannot grow it forever. */
const pending: Call[] = [];
const MAX_PENDING = 100;
let client: PostHog | null = null;
let state: 'off' | 'waiting' | 'loading' | 'ready' | 'failed' = 'off';

function run(call: Call): void {
  if (state === 'ready' && client) call(client);
  else if ((state === 'waiting' || state === 'loading') && pending.length < MAX_PENDING) pending.push(call);
}

function whenIdle(callback: () => void): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(callback, { timeout: 3000 });
  else window.setTimeout(callback, 1);
}

async function load(key: string, host: string): Promise<void> {
  state = 'loading';
  try {
    const { default: posthog } = await import('posthog-js');
    posthog.init(key, {
      api_host: host,
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
    client = posthog;
    state = 'ready';
    for (const call of pending.splice(0)) call(posthog);
  } catch (error) {
    state = 'failed';
    pending.length = 0;
    console.warn('Analytics could not start; continuing without it.', error);
  }
}

/** Called once after the first render. */
export function startAnalytics(options = { dev: import.meta.env.DEV, config: getConfig() }): void {
  const { posthogKey, posthogHost } = options.config;
  if (state !== 'off' || !analyticsEnabled({ dev: options.dev, key: posthogKey }) || !posthogKey) return;
  state = 'waiting';
  whenIdle(() => void load(posthogKey, posthogHost ?? 'https://eu.i.posthog.com'));
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

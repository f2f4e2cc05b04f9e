// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const posthog = {
  init: vi.fn(),
  capture: vi.fn(),
  identify: vi.fn(),
  alias: vi.fn(),
  reset: vi.fn(),
  opt_out_capturing: vi.fn(),
  opt_in_capturing: vi.fn(),
  has_opted_out_capturing: vi.fn(),
};
vi.mock('posthog-js', () => ({ default: posthog }));
const banner = { mountConsentBanner: vi.fn() };
vi.mock('../consent/consent-banner', () => banner);

function setConsentCookie(value: string | null) {
  // biome-ignore lint/suspicious/noDocumentCookie: test set-up.
  document.cookie =
    value === null ? 'nest_consent=; path=/; max-age=0' : `nest_consent=${encodeURIComponent(value)}; path=/`;
}

const key = { apiBaseUrl: '', posthogKey: 'phc_test', posthogHost: 'https://eu.i.posthog.com' };

beforeEach(() => {
  vi.resetModules();
  for (const fn of Object.values(posthog)) fn.mockReset();
  banner.mountConsentBanner.mockReset();
  setConsentCookie('analytics=granted');
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => setTimeout(cb, 0));
});

afterEach(() => vi.unstubAllGlobals());

async function flush() {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('analytics', () => {
  it('is never loaded in development, even with a key', async () => {
    const analytics = await import('./analytics');
    expect(analytics.analyticsEnabled({ dev: true, key: 'phc_test' })).toBe(false);
    analytics.startAnalytics(() => import('./analytics-loader'), { dev: true, config: key });
    analytics.capturePageview('http://localhost/x');
    await flush();
    expect(posthog.init).not.toHaveBeenCalled();
    expect(posthog.capture).not.toHaveBeenCalled();
  });

  it('is never loaded without a key', async () => {
    const analytics = await import('./analytics');
    analytics.startAnalytics(() => import('./analytics-loader'), {
      dev: false,
      config: { ...key, posthogKey: null },
    });
    await flush();
    expect(posthog.init).not.toHaveBeenCalled();
  });

  it('starts with identified-only profiles and no automatic page views, then sends the page views asked for', async () => {
    const analytics = await import('./analytics');
    analytics.startAnalytics(() => import('./analytics-loader'), { dev: false, config: key });
    analytics.capturePageview('https://nest.example/links/abc?src=qr');
    await vi.waitFor(() => expect(posthog.capture).toHaveBeenCalled(), { timeout: 5000 });
    expect(posthog.init).toHaveBeenCalledWith(
      'phc_test',
      expect.objectContaining({
        api_host: 'https://eu.i.posthog.com',
        person_profiles: 'identified_only',
        capture_pageview: false,
        autocapture: false,
        disable_external_dependency_loading: true,
        disable_session_recording: true,
        disable_surveys: true,
      }),
    );
    expect(posthog.capture).toHaveBeenCalledWith('$pageview', {
      $current_url: 'https://nest.example/links/abc?src=qr',
    });
    expect(posthog.init.mock.calls[0]?.[1].before_send).toBeTypeOf('function');
    analytics.capturePageview('https://nest.example/client/login?token=secret&email=a%40b.co');
    expect(posthog.capture).toHaveBeenLastCalledWith('$pageview', {
      $current_url: 'https://nest.example/client/login?token=redacted&email=redacted',
    });
    analytics.identify('u1', { plan: 'pro' });
    analytics.alias('u1');
    analytics.reset();
    expect(posthog.identify).toHaveBeenCalledWith('u1', { plan: 'pro' });
    expect(posthog.alias).toHaveBeenCalledWith('u1', undefined);
    expect(posthog.reset).toHaveBeenCalled();
  });

  it('without a choice, asks and loads nothing; accepting loads it and sends the page view kept meanwhile', async () => {
    setConsentCookie(null);
    const analytics = await import('./analytics');
    const consent = await import('../consent/consent');
    analytics.startAnalytics(() => import('./analytics-loader'), { dev: false, config: key });
    analytics.capturePageview('https://nest.example/');
    await vi.waitFor(() => expect(banner.mountConsentBanner).toHaveBeenCalledWith('ask'), { timeout: 5000 });
    expect(posthog.init).not.toHaveBeenCalled();
    consent.saveConsent({ analytics: true });
    await vi.waitFor(() => expect(posthog.capture).toHaveBeenCalled(), { timeout: 5000 });
    expect(posthog.init).toHaveBeenCalled();
    expect(posthog.capture).toHaveBeenCalledWith('$pageview', { $current_url: 'https://nest.example/' });
    expect(document.cookie).toContain('nest_consent=analytics%3Dgranted');
  });

  it('after a refusal, loads nothing, sends nothing and does not ask again', async () => {
    setConsentCookie('analytics=denied');
    const analytics = await import('./analytics');
    analytics.startAnalytics(() => import('./analytics-loader'), { dev: false, config: key });
    analytics.capturePageview('https://nest.example/');
    await flush();
    expect(banner.mountConsentBanner).not.toHaveBeenCalled();
    expect(posthog.init).not.toHaveBeenCalled();
    expect(posthog.capture).not.toHaveBeenCalled();
    // Changed later from "Cookie settings": the page the visitor is on counts from then.
    const consent = await import('../consent/consent');
    consent.saveConsent({ analytics: true });
    await vi.waitFor(() => expect(posthog.capture).toHaveBeenCalled(), { timeout: 5000 });
    expect(posthog.init).toHaveBeenCalled();
    expect(posthog.capture).toHaveBeenCalledWith('$pageview', { $current_url: window.location.href });
  });

  it('withdrawing consent stops PostHog and forgets its storage', async () => {
    const analytics = await import('./analytics');
    const consent = await import('../consent/consent');
    analytics.startAnalytics(() => import('./analytics-loader'), { dev: false, config: key });
    await vi.waitFor(() => expect(posthog.init).toHaveBeenCalled(), { timeout: 5000 });
    localStorage.setItem('ph_phc_test_posthog', '{}');
    consent.saveConsent({ analytics: false });
    expect(posthog.opt_out_capturing).toHaveBeenCalled();
    expect(localStorage.getItem('ph_phc_test_posthog')).toBeNull();
    analytics.capturePageview('https://nest.example/after');
    expect(posthog.capture).not.toHaveBeenCalled();
  });
});

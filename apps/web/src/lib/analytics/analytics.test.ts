// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const posthog = { init: vi.fn(), capture: vi.fn(), identify: vi.fn(), alias: vi.fn(), reset: vi.fn() };
vi.mock('posthog-js', () => ({ default: posthog }));

const key = { apiBaseUrl: '', posthogKey: 'phc_test', posthogHost: 'https://eu.i.posthog.com' };

beforeEach(() => {
  vi.resetModules();
  for (const fn of Object.values(posthog)) fn.mockReset();
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => setTimeout(cb, 0));
});

afterEach(() => vi.unstubAllGlobals());

async function flush() {
  await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('analytics', () => {
  it('is never loaded in development, even with a key', async () => {
    const analytics = await import('./analytics');
    expect(analytics.analyticsEnabled({ dev: true, key: 'phc_test' })).toBe(false);
    analytics.startAnalytics({ dev: true, config: key });
    analytics.capturePageview('http://localhost/x');
    await flush();
    expect(posthog.init).not.toHaveBeenCalled();
    expect(posthog.capture).not.toHaveBeenCalled();
  });

  it('is never loaded without a key', async () => {
    const analytics = await import('./analytics');
    analytics.startAnalytics({ dev: false, config: { ...key, posthogKey: null } });
    await flush();
    expect(posthog.init).not.toHaveBeenCalled();
  });

  it('starts with identified-only profiles and no automatic page views, then sends the page views asked for', async () => {
    const analytics = await import('./analytics');
    analytics.startAnalytics({ dev: false, config: key });
    analytics.capturePageview('https://nest.example/links/abc?src=qr');
    await flush();
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
});

import { describe, expect, it } from 'vitest';
import { scrubEvent, scrubUrl } from './scrub';

describe('what page views may carry to the analytics host', () => {
  it("removes a sign-in link's token and email", () => {
    expect(scrubUrl('https://nest.example/client/login?token=abc123&email=ana%40example.com')).toBe(
      'https://nest.example/client/login?token=redacted&email=redacted',
    );
  });

  it('removes the checkout session id that reads the pass', () => {
    expect(scrubUrl('https://nest.example/client/app/subscriptions/success?session_id=cs_123')).toBe(
      'https://nest.example/client/app/subscriptions/success?session_id=redacted',
    );
  });

  it('drops fragments and emails in the path, keeps campaign parameters', () => {
    expect(scrubUrl('https://nest.example/links/abc?utm_source=qr&src=counter#token=xyz')).toBe(
      'https://nest.example/links/abc?utm_source=qr&src=counter',
    );
    expect(scrubUrl('/admin/x/ana@example.com/y')).toBe('/admin/x/redacted/y');
    expect(scrubUrl('https://nest.example/links/abc?utm_source=ana@example.com')).toBe(
      'https://nest.example/links/abc?utm_source=redacted',
    );
  });

  it('scrubs every address of an event, automatic ones too, and never sends an email as a property', () => {
    const event = scrubEvent({
      event: '$pageview',
      properties: {
        $current_url: 'https://nest.example/client/login?token=t&email=a%40b.co',
        $referrer: 'https://mail.example/?to=a@b.co',
        $pathname: '/client/login',
        email: 'a@b.co',
        note: 'write to a@b.co',
        plan: 'pro',
        count: 3,
      },
      $set_once: { $initial_current_url: 'https://nest.example/client/login?token=t' },
    });
    expect(event?.properties).toEqual({
      $current_url: 'https://nest.example/client/login?token=redacted&email=redacted',
      $referrer: 'https://mail.example/?to=redacted',
      $pathname: '/client/login',
      plan: 'pro',
      count: 3,
    });
    expect(event?.$set_once).toEqual({
      $initial_current_url: 'https://nest.example/client/login?token=redacted',
    });
    expect(JSON.stringify(event)).not.toMatch(/a@b\.co|a%40b/);
  });
});

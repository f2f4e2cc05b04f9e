import { describe, expect, it } from 'vitest';
import { providerUrl } from './go-to-provider';

describe('the provider page the app agrees to open', () => {
  it('accepts the absolute http(s) address the API answered', () => {
    expect(providerUrl('https://connect.stripe.com/setup/e/acct_1/abc')?.href).toBe(
      'https://connect.stripe.com/setup/e/acct_1/abc',
    );
    expect(providerUrl('http://127.0.0.1:4100/sandbox/connect/acct_1?link=x')?.pathname).toBe(
      '/sandbox/connect/acct_1',
    );
  });

  it('refuses script, data and relative addresses', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', '/admin/app', '//evil.example', '']) {
      expect(providerUrl(url), url).toBeNull();
    }
  });
});

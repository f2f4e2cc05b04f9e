import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { cardForm, startCheckout } from './support.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('the hosted card page lets its form send its own origin, so a real browser’s payment is not refused', async () => {
  const merchant = await signUpMerchant(t.app);
  const { url, path } = await startCheckout(t.app, merchant, 'starter');
  const page = await t.app.inject({ method: 'GET', url: path });
  // With the app-wide no-referrer policy a browser sends `Origin: null` on a form POST (Fetch spec,
  // "serializing a request origin"); same-origin keeps the origin on the page's own POST.
  expect(page.headers['referrer-policy']).toBe('same-origin');

  const origin = new URL(url).origin;
  const fromThePage = await t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      'sec-fetch-site': 'same-origin',
    },
    payload: cardForm('4242 4242 4242 4242'),
  });
  expect(fromThePage.statusCode).toBe(303);

  // What the browser sent before: still refused, the CSRF check is unchanged.
  const { path: other } = await startCheckout(t.app, await signUpMerchant(t.app), 'starter');
  const withNullOrigin = await t.app.inject({
    method: 'POST',
    url: other,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    payload: cardForm('4242 4242 4242 4242'),
  });
  expect(withNullOrigin.statusCode).toBe(403);
});

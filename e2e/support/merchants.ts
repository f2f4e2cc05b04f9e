import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The password of seeded merchants (apps/api/src/modules/testing/seed-merchant.ts). */
export const SEEDED_PASSWORD = 'seeded-merchant-password-for-tests';
/** Where the web app keeps the signed-in merchant (apps/web/src/lib/session-storage.ts). */
export const STORED_ACCOUNT_KEY = 'nest.merchant';
/** Session cookies outside production (no __Host- prefix over plain http). */
export const ACCESS_COOKIE = 'nest_access';
export const REFRESH_COOKIE = 'nest_refresh';

/** A fresh address per test, so tests never share an account (and can run in parallel). */
export function uniqueEmail(label = 'merchant'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

const DAY = 24 * 60 * 60 * 1000;

/** The states the merchant guard tells apart, in its order (spec §4). */
export type MerchantState = 'no-plan' | 'payment-overdue' | 'not-onboarded' | 'ready';

const seedBodies: Record<MerchantState, Record<string, unknown>> = {
  'no-plan': { plan: null, onboarded: false },
  'payment-overdue': {
    plan: 'starter',
    status: 'past_due',
    next_payment_at: new Date(Date.now() - 2 * DAY).toISOString(),
    onboarded: true,
  },
  'not-onboarded': { plan: 'pro', onboarded: false },
  ready: { plan: 'pro', onboarded: true },
};

export interface SeededMerchant {
  id: string;
  email: string;
  name: string;
  password: string;
}

/**
 * Creates a merchant in a state through the test-only route and signs them in: the call is made from
 * the page's browser context, so the session cookies land in the browser under test.
 */
export async function seedMerchant(
  page: Page,
  state: MerchantState,
  extra: { email?: string; name?: string; locale?: 'en-US' | 'fr-FR'; password?: string } = {},
): Promise<SeededMerchant> {
  const email = extra.email ?? uniqueEmail(state);
  const response = await page.request.post('/api/v1/test/merchants', {
    data: { email, ...seedBodies[state], ...extra },
  });
  expect(response.status(), await response.text()).toBe(201);
  const merchant = (await response.json()) as { id: string; name: string };
  return { id: merchant.id, email, name: merchant.name, password: extra.password ?? SEEDED_PASSWORD };
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail the product sent to one address (the dev mail transport's outbox), oldest first. */
export async function readMail(request: APIRequestContext, to: string): Promise<SentMail[]> {
  const response = await request.get('/api/v1/test/mail', { params: { to } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as SentMail[];
}

/**
 * Waits until at least `count` mails reached the address: the job that sends a mail may already be
 * running in the background worker when the outbox is read.
 */
export async function waitForMail(request: APIRequestContext, to: string, count = 1): Promise<SentMail[]> {
  let mails: SentMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await readMail(request, to);
        return mails.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The first link to one of our pages in a mail's text. */
export function linkIn(mail: SentMail, path: string): string {
  const match = mail.text.match(
    new RegExp(`https?://[^\\s)]+${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s)]*`),
  );
  if (!match) throw new Error(`No link to ${path} in the mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}

/** What the web app keeps as the signed-in merchant in this tab, or null. */
export async function storedAccount(page: Page): Promise<{ id: string; email: string } | null> {
  const raw = await page.evaluate((key) => window.sessionStorage.getItem(key), STORED_ACCOUNT_KEY);
  return raw ? (JSON.parse(raw) as { id: string; email: string }) : null;
}

/** Ends the access token only (as after its 10 minutes), keeping the refresh token. */
export async function expireAccessToken(context: BrowserContext): Promise<void> {
  await context.clearCookies({ name: ACCESS_COOKIE });
}

/**
 * Console errors that point at a bug: script errors, and failed answers the app did not handle. The
 * browser also logs every 4xx answer as an error, even when the app handles it as it should (the
 * guard's 401 before a refresh, a wrong password, a page asking whether a nest exists yet); those are
 * left out. 5xx answers stay in.
 */
export function appErrors(errors: Array<{ text: string }>) {
  return errors.filter((error) => !/the server responded with a status of 4\d\d/.test(error.text));
}

/**
 * A 'ready' merchant (paid and onboarded) who also has a nest, signed in in this page: the merchant
 * area's pages that read the nest (prices, payouts, links) then answer without a 409.
 */
export async function seedMerchantWithNest(page: Page): Promise<SeededMerchant> {
  const merchant = await seedMerchant(page, 'ready');
  const response = await page.request.post('/api/v1/nests', {
    data: {
      name: 'Atelier Nord',
      category: 'shop',
      address: { line1: '3 quai des Chartrons', postal_code: '33000', city: 'Bordeaux', country: 'FR' },
      time_zone: 'Europe/Paris',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return merchant;
}

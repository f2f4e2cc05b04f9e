import { randomUUID } from 'node:crypto';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { createNest } from './nests';

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
 * Creates a merchant in a state through the test-only route and signs them in. Given a page, the call
 * is made from its browser context, so the session cookies land in the browser under test; given a
 * request context (a merchant's browser context's), they land there. `extra` overrides the state's
 * plan (a Starter merchant who is ready, say) and sets the account's details.
 */
export async function seedMerchant(
  target: Page | APIRequestContext,
  state: MerchantState,
  extra: {
    email?: string;
    name?: string;
    locale?: 'en-US' | 'fr-FR';
    password?: string;
    plan?: 'starter' | 'pro' | 'enterprise';
  } = {},
): Promise<SeededMerchant> {
  const request = 'request' in target ? target.request : target;
  const email = extra.email ?? uniqueEmail(state);
  const response = await request.post('/api/v1/test/merchants', {
    data: { email, ...seedBodies[state], ...extra },
  });
  expect(response.status(), await response.text()).toBe(201);
  const merchant = (await response.json()) as { id: string; name: string };
  return { id: merchant.id, email, name: merchant.name, password: extra.password ?? SEEDED_PASSWORD };
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
 * A 'ready' merchant (paid and onboarded) who also has a nest, signed in in this page: the merchant
 * area's pages that read the nest (offers, payouts, links) then answer without a 409.
 */
export async function seedMerchantWithNest(page: Page): Promise<SeededMerchant> {
  const merchant = await seedMerchant(page, 'ready');
  await createNest(page);
  return merchant;
}

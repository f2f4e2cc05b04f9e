import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../src/config.js';
import {
  readMail,
  responseCookies,
  seedMerchant,
  TEST_MERCHANT_PASSWORD,
  uniqueEmail,
} from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';

describe('test-only routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('seed a signed-in merchant in the state a guard test needs', async () => {
    const { user, cookies } = await seedMerchant(t.app, {
      plan: 'enterprise',
      status: 'trialing',
      onboarded: true,
      locale: 'fr-FR',
    });
    expect(user).toMatchObject({ locale: 'fr-FR', subscription: { plan: 'enterprise', status: 'trialing' } });
    expect(new Date(user.subscription!.next_payment_at!).getTime()).toBeGreaterThan(Date.now());
    expect(user.onboarded_at).not.toBeNull();
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', cookies });
    expect(me.json().id).toBe(user.id);
  });

  it('seed a merchant without a plan or with no next payment date', async () => {
    expect((await seedMerchant(t.app)).user.subscription).toBeNull();
    const { user } = await seedMerchant(t.app, { plan: 'starter', next_payment_at: null });
    expect(user.subscription).toMatchObject({ plan: 'starter', next_payment_at: null });
  });

  it('seeded merchants sign in with the default or the chosen password', async () => {
    const email = uniqueEmail();
    await seedMerchant(t.app, { email });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email, password: TEST_MERCHANT_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(responseCookies(res)).sort()).toEqual([
      'nest_access',
      'nest_merchant_signed_in',
      'nest_refresh',
    ]);
  });

  it('refuse a status without a plan, and a taken email', async () => {
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/merchants',
      payload: { email: uniqueEmail(), status: 'active' },
    });
    expect(status.statusCode).toBe(400);
    const { user } = await seedMerchant(t.app);
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/merchants',
      payload: { email: user.email },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('show the outbox for one address, newest last, after running due email jobs', async () => {
    const { user } = await seedMerchant(t.app);
    for (let i = 0; i < 2; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/password-reset',
        payload: { email: user.email },
      });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/test/mail?to=${encodeURIComponent(user.email.toUpperCase())}`,
    });
    expect(res.statusCode).toBe(200);
    const mails = res.json();
    expect(mails).toHaveLength(2);
    expect(mails[0].to).toBe(user.email);
    expect(mails[0].sentAt <= mails[1].sentAt).toBe(true);
    expect(await readMail(t.app, user.email)).toHaveLength(2);
  });
});

describe('without ENABLE_TEST_ROUTES', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ENABLE_TEST_ROUTES: false });
  });
  afterAll(() => t.close());

  it('the test routes do not exist', async () => {
    const seed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/merchants',
      payload: { email: uniqueEmail() },
    });
    expect(seed.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/test/mail' })).statusCode).toBe(404);
  });

  it('and production refuses to turn them on', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', ENABLE_TEST_ROUTES: 'true' })).toThrow(ConfigError);
  });
});

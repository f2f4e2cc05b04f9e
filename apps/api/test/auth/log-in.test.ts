import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/db/schema/index.js';
import { responseCookies, STRONG_PASSWORD, signUpMerchant, uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';

describe('signing in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const logIn = (
    payload: Record<string, unknown>,
    extra: {
      headers?: Record<string, string>;
      cookies?: Record<string, string>;
      remoteAddress?: string;
    } = {},
  ) => t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload, ...extra });

  it('opens a new session for the right password, in any case of the email', async () => {
    const { user } = await signUpMerchant(t.app);
    const res = await logIn({ email: user.email.toUpperCase(), password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, subscription: null });
    const cookies = responseCookies(res);
    expect(Object.keys(cookies).sort()).toEqual(['nest_access', 'nest_merchant_signed_in', 'nest_refresh']);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', cookies });
    expect(me.json().id).toBe(user.id);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(2); // the sign-up's and this one
  });

  it('answers an unknown email and a wrong password with the same 401', async () => {
    const { user } = await signUpMerchant(t.app);
    const wrong = await logIn(
      { email: user.email, password: 'not the password at all' },
      { remoteAddress: '10.0.0.1' },
    );
    const unknown = await logIn(
      { email: uniqueEmail('nobody'), password: 'not the password at all' },
      { remoteAddress: '10.0.0.1' },
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({
      code: 'invalid_credentials',
      detail: 'The email or password is incorrect.',
    });
    expect(wrong.headers['set-cookie']).toEqual(unknown.headers['set-cookie']);
  });

  it('clears the browser’s session cookies when a login fails', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const res = await logIn(
      { email: user.email, password: 'definitely wrong' },
      { cookies, remoteAddress: '10.0.0.2' },
    );
    expect(res.statusCode).toBe(401);
    const cleared = res.cookies
      .filter((c) => c.value === '' && c.maxAge === 0)
      .map((c) => c.name)
      .sort();
    expect(cleared).toEqual(['nest_access', 'nest_merchant_signed_in', 'nest_refresh']);
  });

  it('replaces the session the browser already had', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const res = await logIn({ email: user.email, password: STRONG_PASSWORD }, { cookies });
    expect(res.statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      cookies: { nest_access: cookies.nest_access! },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a login posted from another site with 403', async () => {
    const { user } = await signUpMerchant(t.app);
    const res = await logIn(
      { email: user.email, password: STRONG_PASSWORD },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('foreign_origin');
    expect(res.cookies).toHaveLength(0);
    const sameSite = await logIn(
      { email: user.email, password: STRONG_PASSWORD },
      { headers: { origin: 'http://localhost:3000' } },
    );
    expect(sameSite.statusCode).toBe(200);
  });

  it('rejects a malformed body with 400 and unknown fields', async () => {
    const res = await logIn({ email: 'x', password: '', remember: true });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['email', 'password', 'remember']);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema/index.js';
import { hashToken } from '../../src/lib/tokens.js';
import { STRONG_PASSWORD, signUpMerchant, uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';

const signUp = (t: TestApp, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users', payload, headers });

describe('signing up as a merchant', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates the account, answers 201 with the merchant and opens a session in httpOnly Lax cookies', async () => {
    const email = uniqueEmail('Camille');
    const res = await signUp(t, { email, password: STRONG_PASSWORD, name: '  Camille Martin ' });
    expect(res.statusCode).toBe(201);
    const merchant = res.json();
    expect(merchant).toEqual({
      id: expect.any(String),
      email,
      name: 'Camille Martin',
      locale: 'en-US',
      time_zone: 'Europe/Paris',
      onboarded_at: null,
      created_at: expect.any(String),
      subscription: null,
    });
    const access = res.cookies.find((c) => c.name === 'nest_access')!;
    const refresh = res.cookies.find((c) => c.name === 'nest_refresh')!;
    for (const cookie of [access, refresh]) {
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.secure).toBeFalsy();
      expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes
    }
    expect(access.maxAge).toBe(600);
    expect(refresh.maxAge).toBeGreaterThan(29 * 24 * 3600);
    expect(refresh.maxAge).toBeLessThanOrEqual(30 * 24 * 3600);

    // Only hashes are stored, and the password is an argon2id hash.
    const [user] = await t.db.select().from(users).where(eq(users.id, merchant.id));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, merchant.id));
    expect(session!.accessTokenHash).toBe(hashToken(access.value));
    expect(session!.accessTokenHash).not.toContain(access.value);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      cookies: { nest_access: access.value },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(merchant.id);
  });

  it('takes the language of the browser when none is chosen, and a chosen time zone', async () => {
    const res = await signUp(
      t,
      { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'Léa', time_zone: 'europe/london' },
      { 'accept-language': 'fr-CA,fr;q=0.9' },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ locale: 'fr-FR', time_zone: 'Europe/London' });
  });

  it('refuses an email already used, whatever its case, with 409', async () => {
    const { user } = await signUpMerchant(t.app);
    const res = await signUp(t, {
      email: user.email.toUpperCase(),
      password: STRONG_PASSWORD,
      name: 'Other',
    });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'email_taken', status: 409 });
    const count = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${user.email})`);
    expect(count[0]!.n).toBe(1);
  });

  it('keeps one account when two sign-ups race for the same email', async () => {
    const email = uniqueEmail('race');
    const [a, b] = await Promise.all([
      signUp(t, { email, password: STRONG_PASSWORD, name: 'A' }),
      signUp(t, { email: email.toUpperCase(), password: STRONG_PASSWORD, name: 'B' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });

  it('refuses a password shorter than 12 characters with a 422 that says why', async () => {
    const res = await signUp(t, { email: uniqueEmail(), password: 'Sh0rt-pass', name: 'A' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'weak_password',
      title: 'Password too weak',
      detail: 'Use at least 12 characters.',
      errors: [{ field: 'password', code: 'weak_password', message: 'Use at least 12 characters.' }],
    });
  });

  it('accepts 128 characters and refuses 129, with no composition rules', async () => {
    const long = 'granite lantern orchid '.repeat(6).slice(0, 128);
    const ok = await signUp(t, { email: uniqueEmail(), password: long, name: 'A' });
    expect(ok.statusCode).toBe(201);
    const tooLong = await signUp(t, { email: uniqueEmail(), password: `${long}x`, name: 'A' });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().detail).toBe('Use at most 128 characters.');
    const lowercaseOnly = await signUp(t, {
      email: uniqueEmail(),
      password: 'correct horse battery staple',
      name: 'A',
    });
    expect(lowercaseOnly.statusCode).toBe(201);
  });

  it('refuses a common password, and explains it in French to a French speaker', async () => {
    const en = await signUp(t, { email: uniqueEmail(), password: 'password1234', name: 'A' });
    expect(en.statusCode).toBe(422);
    expect(en.json().detail).toMatch(/^This password is too easy to guess\. .*commonly used password/);

    const fr = await signUp(
      t,
      { email: uniqueEmail(), password: 'azertyuiop123', name: 'A' },
      { 'accept-language': 'fr-FR' },
    );
    expect(fr.statusCode).toBe(422);
    expect(fr.json()).toMatchObject({ code: 'weak_password', title: 'Mot de passe trop faible' });
    expect(fr.json().detail).toMatch(/^Ce mot de passe est trop facile à deviner\. .*clavier/);
  });

  it('counts the merchant’s own email and name as guessable', async () => {
    const res = await signUp(t, {
      email: 'jeanne.boulanger@example.com',
      password: 'jeanne.boulanger',
      name: 'Jeanne Boulanger',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toContain('personal');
  });

  it('lists each bad field with a 400', async () => {
    const res = await signUp(t, { email: 'not-an-email', password: 42, name: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_failed');
    const fields = res.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'name']));
  });

  it('refuses unknown fields instead of writing them', async () => {
    const email = uniqueEmail();
    const res = await signUp(t, {
      email,
      password: STRONG_PASSWORD,
      name: 'A',
      onboarded_at: '2024-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ field: 'onboarded_at', code: 'unrecognized_key' }),
    ]);
    const found = await t.db.select().from(users).where(eq(users.email, email));
    expect(found).toHaveLength(0);
  });
});

describe('session cookies in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ isProduction: true });
  });
  afterAll(() => t.close());

  it('are __Host- prefixed and Secure', async () => {
    const res = await signUp(t, { email: uniqueEmail(), password: STRONG_PASSWORD, name: 'A' });
    expect(res.statusCode).toBe(201);
    const names = res.cookies.map((c) => c.name).sort();
    expect(names).toEqual(['__Host-nest_access', '__Host-nest_merchant_signed_in', '__Host-nest_refresh']);
    for (const cookie of res.cookies) {
      // The sign-in mark (no secret) is the one cookie the page may read.
      const httpOnly = cookie.name !== '__Host-nest_merchant_signed_in' || undefined;
      expect(cookie).toMatchObject({ secure: true, sameSite: 'Lax', path: '/' });
      expect(cookie.httpOnly).toBe(httpOnly);
      expect(cookie.domain).toBeUndefined();
    }
    expect(res.cookies.find((c) => c.name === '__Host-nest_merchant_signed_in')?.value).toBe('1');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      cookies: { '__Host-nest_access': res.cookies.find((c) => c.name === '__Host-nest_access')!.value },
    });
    expect(me.statusCode).toBe(200);
    // The unprefixed name is not a session in production: a subdomain could have planted it.
    const planted = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/me',
      cookies: { nest_access: res.cookies.find((c) => c.name === '__Host-nest_access')!.value },
    });
    expect(planted.statusCode).toBe(401);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../src/db/schema/index.js';
import { readMail, responseCookies, STRONG_PASSWORD, signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';

describe('PATCH /users/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (
    id: string,
    cookies: Record<string, string>,
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => t.app.inject({ method: 'PATCH', url: `/api/v1/users/${id}`, cookies, payload, headers });
  const me = (cookies: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', cookies });

  it('changes the merchant’s own name, locale and time zone', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const res = await patch(user.id, cookies, {
      name: ' Boulangerie Léa ',
      locale: 'fr-FR',
      time_zone: 'America/New_York',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Boulangerie Léa',
      locale: 'fr-FR',
      time_zone: 'America/New_York',
    });
    expect((await me(cookies)).json()).toMatchObject({ name: 'Boulangerie Léa', locale: 'fr-FR' });
  });

  it('refuses an unknown time zone, an empty name and an unknown locale', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const res = await patch(user.id, cookies, {
      time_zone: 'Mars/Olympus_Mons',
      name: '   ',
      locale: 'de-DE',
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['locale', 'name', 'time_zone']);
  });

  it('answers 404 for another merchant’s id, and changes nothing', async () => {
    const alice = await signUpMerchant(t.app, { name: 'Alice' });
    const bob = await signUpMerchant(t.app, { name: 'Bob' });
    const res = await patch(bob.user.id, alice.cookies, { name: 'Hacked' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
    expect((await me(bob.cookies)).json().name).toBe('Bob');
    expect((await patch('not-a-uuid', alice.cookies, { name: 'x' })).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const { user } = await signUpMerchant(t.app);
    expect((await patch(user.id, {}, { name: 'x' })).statusCode).toBe(401);
  });

  it('refuses fields a merchant may not set (mass assignment), and writes nothing', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const res = await patch(user.id, cookies, {
      name: 'Changed',
      onboarded_at: '2024-01-01T00:00:00Z',
      password_hash: 'x',
      id: '00000000-0000-0000-0000-000000000000',
      subscription: { plan: 'enterprise' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['id', 'onboarded_at', 'password_hash', 'subscription']);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Camille Martin', onboardedAt: null });
  });

  it('changes the email, tells the old address, and refuses one already taken in any case', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const other = await signUpMerchant(t.app);
    const taken = await patch(user.id, cookies, { email: other.user.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');

    const newEmail = `moved-${user.email}`;
    const res = await patch(user.id, cookies, { email: newEmail });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(newEmail);
    const [notice] = await readMail(t.app, user.email);
    expect(notice!.subject).toBe('Your Nest email address was changed');
    expect(notice!.text).toContain(newEmail);
    // Changing only the case is allowed and is no change of address.
    const recased = await patch(user.id, cookies, { email: newEmail.toUpperCase() });
    expect(recased.statusCode).toBe(200);
    expect(await readMail(t.app, newEmail)).toHaveLength(0);
  });

  it('needs the current password to set a new one', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const missing = await patch(user.id, cookies, { password: 'a brand new passphrase' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'current_password', code: 'required', message: 'This field is required.' },
    ]);
    const wrong = await patch(
      user.id,
      cookies,
      { password: 'a brand new passphrase', current_password: 'not my password' },
      { 'accept-language': 'fr-FR' },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'wrong_current_password', title: 'Mot de passe incorrect' });
    const weak = await patch(user.id, cookies, {
      password: 'password1234',
      current_password: STRONG_PASSWORD,
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('weak_password');
    // Nothing changed: the old password still signs in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: user.email, password: STRONG_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
  });

  it('changes the password, ends the other sessions and keeps this one', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const elsewhere = responseCookies(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: user.email, password: STRONG_PASSWORD },
        remoteAddress: '10.1.1.1',
      }),
    );
    expect((await me(elsewhere)).statusCode).toBe(200);

    const newPassword = 'velvet-harbour-compass-31';
    const res = await patch(user.id, cookies, { password: newPassword, current_password: STRONG_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await me(cookies)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/users/refresh-tokens', cookies: elsewhere }))
        .statusCode,
    ).toBe(401);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.filter((s) => s.revokedAt === null)).toHaveLength(1);

    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email: user.email, password } });
    expect((await login(STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(newPassword)).statusCode).toBe(200);
    const [notice] = await readMail(t.app, user.email);
    expect(notice!.subject).toBe('Your Nest password was changed');
  });
});

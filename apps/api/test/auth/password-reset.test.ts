import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, sessions } from '../../src/db/schema/index.js';
import { hashToken } from '../../src/lib/tokens.js';
import { RESET_LIMITS } from '../../src/modules/auth/request-password-reset.js';
import { readMail, STRONG_PASSWORD, signUpMerchant, uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ask = (email: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/password-reset',
      payload: { email },
      remoteAddress,
      headers,
    });
  const confirm = (token: string, password: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/password-reset/confirm',
      payload: { token, password },
      headers,
    });
  const me = (cookies: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', cookies });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password } });

  /** The token of the newest reset link mailed to an address. */
  async function linkToken(email: string): Promise<string> {
    const mail = (await readMail(t.app, email)).filter(
      (m) => m.subject.includes('Reset') || m.subject.includes('Réinit'),
    );
    const url = mail.at(-1)!.text.match(/http\S+\/admin\/reset-password\?token=(\S+)/);
    expect(url).not.toBeNull();
    return decodeURIComponent(url![1]!);
  }

  it('gives the same answer whether or not the account exists, and mails only a real account', async () => {
    const { user } = await signUpMerchant(t.app);
    const nobody = uniqueEmail('nobody');
    const known = await ask(user.email, '10.9.0.1');
    const unknown = await ask(nobody, '10.9.0.1');
    expect(known.statusCode).toBe(204);
    expect(unknown.statusCode).toBe(204);
    expect(known.body).toBe(unknown.body);
    expect(await readMail(t.app, nobody)).toHaveLength(0);
    const [mail] = await readMail(t.app, user.email);
    expect(mail!.subject).toBe('Reset your Nest password');
    expect(mail!.text).toContain('http://localhost:3000/admin/reset-password?token=');
    expect(mail!.text).toContain('30 minutes');
    expect(mail!.html).toContain('Choose a new password');
  });

  it('writes only the hash of the token, and mails in the merchant’s language', async () => {
    const { user } = await signUpMerchant(t.app, { locale: 'fr-FR' });
    await ask(user.email, '10.9.0.2');
    const token = await linkToken(user.email);
    const [mail] = await readMail(t.app, user.email);
    expect(mail!.subject).toBe('Réinitialisez votre mot de passe Nest');
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    const expiresIn = rows[0]!.expiresAt.getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60 * 1000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60 * 1000);
  });

  it('sets the new password once, ends every session, and the link then dies', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    await ask(user.email, '10.9.0.3');
    const token = await linkToken(user.email);
    const newPassword = 'amber-falcon-meadow-58';

    const res = await confirm(token, newPassword);
    expect(res.statusCode).toBe(204);
    expect((await me(cookies)).statusCode).toBe(401);
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.every((s) => s.revokedReason === 'password_reset')).toBe(true);
    expect((await login(user.email, STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, newPassword)).statusCode).toBe(200);
    expect((await readMail(t.app, user.email)).at(-1)!.subject).toBe('Your Nest password was changed');

    const again = await confirm(token, 'another-fresh-passphrase-77');
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('invalid_reset_token');
  });

  it('refuses a link older than 30 minutes', async () => {
    const { user } = await signUpMerchant(t.app);
    await ask(user.email, '10.9.0.4');
    const token = await linkToken(user.email);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const res = await confirm(token, 'amber-falcon-meadow-58', { 'accept-language': 'fr-FR' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'invalid_reset_token', title: 'Lien expiré' });
    expect((await login(user.email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a made-up token', async () => {
    expect((await confirm('made-up-token', 'amber-falcon-meadow-58')).json().code).toBe(
      'invalid_reset_token',
    );
  });

  it('applies the password policy and keeps the link usable after a refusal', async () => {
    const { user } = await signUpMerchant(t.app);
    await ask(user.email, '10.9.0.5');
    const token = await linkToken(user.email);
    const weak = await confirm(token, 'password1234', { 'accept-language': 'fr-FR' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().code).toBe('weak_password');
    expect(weak.json().detail).toMatch(/^Ce mot de passe est trop facile à deviner/);
    expect((await confirm(token, 'amber-falcon-meadow-58')).statusCode).toBe(204);
  });

  it('a new password, by reset or by the account page, kills every older link', async () => {
    const { user } = await signUpMerchant(t.app);
    await ask(user.email, '10.9.0.6');
    const first = await linkToken(user.email);
    await ask(user.email, '10.9.0.6');
    const second = await linkToken(user.email);
    expect(second).not.toBe(first);
    expect((await confirm(second, 'amber-falcon-meadow-58')).statusCode).toBe(204);
    expect((await confirm(first, 'other-falcon-meadow-59')).statusCode).toBe(422);

    const fresh = await login(user.email, 'amber-falcon-meadow-58');
    await ask(user.email, '10.9.0.6');
    const third = await linkToken(user.email);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${user.id}`,
      cookies: Object.fromEntries(fresh.cookies.map((c) => [c.name, c.value])),
      payload: { password: 'cobalt-pelican-river-12', current_password: 'amber-falcon-meadow-58' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await confirm(third, 'other-falcon-meadow-59')).statusCode).toBe(422);
  });

  it('lets a locked-out merchant sign in right after resetting', async () => {
    const { user } = await signUpMerchant(t.app);
    for (let i = 0; i < 6; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: user.email, password: 'wrong guess' },
        remoteAddress: `10.8.0.${i + 1}`,
      });
    }
    expect((await login(user.email, STRONG_PASSWORD)).statusCode).toBe(429);
    await ask(user.email, '10.9.0.7');
    expect((await confirm(await linkToken(user.email), 'amber-falcon-meadow-58')).statusCode).toBe(204);
    expect((await login(user.email, 'amber-falcon-meadow-58')).statusCode).toBe(200);
  });

  it(`limits requests to ${RESET_LIMITS.email.limit} per address an hour, known account or not`, async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < RESET_LIMITS.email.limit; i++) {
      expect((await ask(email, `10.7.0.${i + 1}`)).statusCode).toBe(204);
    }
    const limited = await ask(email, '10.7.0.99');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a bad email with 400 and a request from another site with 403', async () => {
    expect((await ask('not-an-email')).statusCode).toBe(400);
    expect((await ask(uniqueEmail(), '127.0.0.1', { origin: 'https://evil.example' })).statusCode).toBe(403);
  });
});

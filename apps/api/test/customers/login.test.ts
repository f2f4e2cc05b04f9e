import { CUSTOMER_COOKIE, CUSTOMER_HINT_COOKIE } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerLoginCodes, customerSessions } from '../../src/db/schema/index.js';
import { CODE_REQUEST_LIMITS, VERIFY_LIMITS } from '../../src/modules/customers/login-policy.js';
import { readMail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { askLogin, customerEmail, lastLoginMail, me, signInCustomer, subscribedCustomer } from './support.js';

describe('customer passwordless sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the same plain message whether or not the email is a customer, and mails only a customer', async () => {
    const { email } = await subscribedCustomer(t.app);
    const nobody = customerEmail('nobody');
    const known = await askLogin(t.app, { email }, '10.1.0.1');
    const unknown = await askLogin(t.app, { email: nobody }, '10.1.0.1');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(typeof known.json()).toBe('string');
    expect(known.cookies).toHaveLength(0);
    expect(await readMail(t.app, nobody)).toHaveLength(0);
    const { mail, code, linkEmail } = await lastLoginMail(t.app, email);
    expect(code).toMatch(/^\d{6}$/);
    expect(linkEmail).toBe(email);
    expect(mail.text).toContain('15 minutes');
    // Only hashes are stored: neither the code nor the link token is in the database or the job payload.
    const rows = await t.db.select().from(customerLoginCodes);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('answers in French when asked in French, and mails the customer in their language', async () => {
    const email = customerEmail('fr');
    await subscribedCustomer(t.app, email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nest-customers/login',
      payload: { email },
      remoteAddress: '10.1.0.2',
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(response.json()).toContain('Si cette adresse');
  });

  it('opens a session with the code and answers the customer; the cookie is httpOnly and SameSite=Lax', async () => {
    const { email, subscriptionId } = await subscribedCustomer(t.app);
    await askLogin(t.app, { email }, '10.1.0.3');
    const { code } = await lastLoginMail(t.app, email);
    const response = await askLogin(t.app, { email: email.toUpperCase(), code }, '10.1.0.3');
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toBe(email);
    expect(response.json().subscriptions.map((s: { id: string }) => s.id)).toEqual([subscriptionId]);
    const cookie = response.cookies.find((c) => c.name === CUSTOMER_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    // The page-readable hint holds no secret and lives as long as the session.
    const hint = response.cookies.find((c) => c.name === CUSTOMER_HINT_COOKIE)!;
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', maxAge: cookie.maxAge });
    expect(hint.httpOnly).toBeFalsy();
    const meResponse = await me(t.app, { [CUSTOMER_COOKIE]: cookie.value });
    expect(meResponse.statusCode).toBe(200);
    expect(meResponse.json().id).toBe(response.json().id);
  });

  it('opens a session with the link token on the device that opens it, once', async () => {
    const { email } = await subscribedCustomer(t.app);
    await askLogin(t.app, { email }, '10.1.0.4');
    const { token } = await lastLoginMail(t.app, email);
    const first = await askLogin(t.app, { email, token }, '10.1.0.5');
    expect(first.statusCode).toBe(200);
    const replay = await askLogin(t.app, { email, token }, '10.1.0.5');
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('invalid_login_code');
    expect(replay.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses a link token with another email', async () => {
    const { email } = await subscribedCustomer(t.app);
    const { email: other } = await subscribedCustomer(t.app);
    await askLogin(t.app, { email }, '10.1.0.6');
    const { token } = await lastLoginMail(t.app, email);
    expect((await askLogin(t.app, { email: other, token }, '10.1.0.6')).statusCode).toBe(401);
    expect((await askLogin(t.app, { email, token }, '10.1.0.6')).statusCode).toBe(200);
  });

  it('uses a code once', async () => {
    const { email } = await subscribedCustomer(t.app);
    await askLogin(t.app, { email }, '10.1.0.7');
    const { code } = await lastLoginMail(t.app, email);
    expect((await askLogin(t.app, { email, code }, '10.1.0.7')).statusCode).toBe(200);
    const again = await askLogin(t.app, { email, code }, '10.1.0.7');
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('invalid_login_code');
  });

  it('refuses an expired code', async () => {
    const { email, customerId } = await subscribedCustomer(t.app);
    await askLogin(t.app, { email }, '10.1.0.8');
    const { code, token } = await lastLoginMail(t.app, email);
    await t.db
      .update(customerLoginCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerLoginCodes.customerId, customerId));
    expect((await askLogin(t.app, { email, code }, '10.1.0.8')).statusCode).toBe(401);
    expect((await askLogin(t.app, { email, token }, '10.1.0.8')).statusCode).toBe(401);
  });

  it('is valid 15 minutes', async () => {
    const { email, customerId } = await subscribedCustomer(t.app);
    const before = Date.now();
    await askLogin(t.app, { email }, '10.1.0.9');
    await lastLoginMail(t.app, email);
    const [row] = await t.db
      .select()
      .from(customerLoginCodes)
      .where(eq(customerLoginCodes.customerId, customerId));
    const ttl = row!.expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(14.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 5_000);
  });

  it('burns the code after 5 wrong tries, even if the right one comes next', async () => {
    const { email } = await subscribedCustomer(t.app);
    await askLogin(t.app, { email }, '10.1.0.10');
    const { code } = await lastLoginMail(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const response = await askLogin(t.app, { email, code: wrong }, '10.1.0.10');
      expect(response.statusCode).toBe(401);
    }
    const right = await askLogin(t.app, { email, code }, '10.1.0.10');
    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe('invalid_login_code');
  });

  it('counts wrong tries below the limit without burning, and a newer request supersedes the older code', async () => {
    const { email } = await subscribedCustomer(t.app);
    await askLogin(t.app, { email }, '10.1.0.11');
    const first = await lastLoginMail(t.app, email);
    const wrong = first.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await askLogin(t.app, { email, code: wrong }, '10.1.0.11');
    await askLogin(t.app, { email }, '10.1.0.11');
    const second = await lastLoginMail(t.app, email);
    expect(second.count).toBe(first.count + 1);
    if (second.code !== first.code) {
      expect((await askLogin(t.app, { email, code: first.code }, '10.1.0.11')).statusCode).toBe(401);
    }
    expect((await askLogin(t.app, { email, token: first.token }, '10.1.0.11')).statusCode).toBe(401);
    expect((await askLogin(t.app, { email, code: second.code }, '10.1.0.11')).statusCode).toBe(200);
  });

  it('gives an unknown email the same 401 as a wrong code', async () => {
    const unknown = await askLogin(t.app, { email: customerEmail('ghost'), code: '123456' }, '10.1.0.12');
    const { email } = await subscribedCustomer(t.app);
    await askLogin(t.app, { email }, '10.1.0.12');
    const { code } = await lastLoginMail(t.app, email);
    const wrong = await askLogin(
      t.app,
      { email, code: code === '123456' ? '654321' : '123456' },
      '10.1.0.12',
    );
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it('rejects malformed bodies with a validation problem', async () => {
    for (const payload of [
      {},
      { email: 'not-an-email' },
      { email: 'a@b.co', code: '12ab56' },
      { email: 'a@b.co', code: '123456', token: 'x'.repeat(40) },
    ]) {
      const response = await askLogin(t.app, payload, '10.1.0.13');
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('limits code requests per email, known or not, with Retry-After', async () => {
    const { email } = await subscribedCustomer(t.app);
    for (let i = 0; i < CODE_REQUEST_LIMITS.email.limit; i++) {
      expect((await askLogin(t.app, { email }, `10.2.0.${i + 1}`)).statusCode).toBe(200);
    }
    const limited = await askLogin(t.app, { email }, '10.2.0.99');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const unknown = customerEmail('unknown');
    for (let i = 0; i < CODE_REQUEST_LIMITS.email.limit; i++)
      await askLogin(t.app, { email: unknown }, `10.2.1.${i + 1}`);
    expect((await askLogin(t.app, { email: unknown }, '10.2.1.99')).statusCode).toBe(429);
  });

  it('limits code requests per address', async () => {
    for (let i = 0; i < CODE_REQUEST_LIMITS.address.limit; i++) {
      expect((await askLogin(t.app, { email: customerEmail(`spray${i}`) }, '10.3.0.1')).statusCode).toBe(200);
    }
    expect((await askLogin(t.app, { email: customerEmail('spray') }, '10.3.0.1')).statusCode).toBe(429);
  });

  it('limits verification attempts per address across emails', async () => {
    for (let i = 0; i < VERIFY_LIMITS.address.limit; i++) {
      await askLogin(t.app, { email: customerEmail(`guess${i}`), code: '123456' }, '10.4.0.1');
    }
    const limited = await askLogin(t.app, { email: customerEmail('guess'), code: '123456' }, '10.4.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
  });

  it('logs out: the session is revoked and the cookie cleared; logout without a session is a 204', async () => {
    const { email } = await subscribedCustomer(t.app);
    const cookies = await signInCustomer(t.app, email, '10.5.0.1');
    const out = await t.app.inject({ method: 'GET', url: '/api/v1/nest-customers/logout', cookies });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === CUSTOMER_COOKIE)?.value).toBe('');
    expect(out.cookies.find((c) => c.name === CUSTOMER_HINT_COOKIE)?.value).toBe('');
    // The ended session, sent again, is refused and the browser told to forget both cookies.
    const after = await me(t.app, cookies);
    expect(after.statusCode).toBe(401);
    expect(after.cookies.map((c) => [c.name, c.value])).toEqual([
      [CUSTOMER_COOKIE, ''],
      [CUSTOMER_HINT_COOKIE, ''],
    ]);
    const sessions = await t.db.select().from(customerSessions);
    expect(sessions.some((s) => s.revokedReason === 'logout')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/nest-customers/logout' })).statusCode).toBe(
      204,
    );
    const crossSite = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nest-customers/logout',
      cookies,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('answers 401 to me without a session or with a forged cookie', async () => {
    const anonymous = await me(t.app, {});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.cookies).toEqual([]);
    expect((await me(t.app, { [CUSTOMER_COOKIE]: 'x'.repeat(43) })).statusCode).toBe(401);
  });
});

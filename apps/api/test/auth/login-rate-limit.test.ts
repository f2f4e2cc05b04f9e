import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { verifyPassword } from '../../src/lib/password.js';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-limits.js';
import { STRONG_PASSWORD, signUpMerchant, uniqueEmail } from '../fixtures/merchants.js';
import { createTestDatabase, type TestApp } from '../helpers.js';

// Wraps the real verification so the tests can see whether a limited request hashed anything.
vi.mock('../../src/lib/password.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/lib/password.js')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

describe('failed login limits', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    const app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream } });
    await app.ready();
    t = {
      app,
      db: database.db,
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  });
  afterAll(() => t.close());
  beforeEach(() => vi.mocked(verifyPassword).mockClear());

  const logIn = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: { email, password }, remoteAddress });

  it(`locks an account after ${LOGIN_LIMITS.account.limit} failures with 429 and Retry-After, without hashing`, async () => {
    const { user } = await signUpMerchant(t.app);
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i++) {
      // From different addresses: the account limit holds whoever tries.
      const res = await logIn(user.email, `wrong password ${i}`, `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    expect(verifyPassword).toHaveBeenCalledTimes(LOGIN_LIMITS.account.limit);
    vi.mocked(verifyPassword).mockClear();

    const limited = await logIn(user.email, STRONG_PASSWORD, '192.0.2.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited', status: 429 });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Said in words: a lockout of a quarter of an hour is not "842 seconds".
    const wait = retryAfter < 120 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`;
    expect(limited.json().detail).toBe(`Too many attempts. Try again in ${wait}.`);
    expect(verifyPassword).not.toHaveBeenCalled();
  });

  it('locks an unknown email the same way, so a lockout says nothing about existence', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i++) {
      expect((await logIn(email, 'some password', `198.51.100.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await logIn(email, 'some password', '198.51.100.99')).statusCode).toBe(429);
  });

  it(`limits one address to ${LOGIN_LIMITS.address.limit} failures across accounts`, async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < LOGIN_LIMITS.address.limit; i++) {
      expect((await logIn(uniqueEmail('spray'), 'password guess', ip)).statusCode).toBe(401);
    }
    const { user } = await signUpMerchant(t.app);
    vi.mocked(verifyPassword).mockClear();
    const limited = await logIn(user.email, STRONG_PASSWORD, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(verifyPassword).not.toHaveBeenCalled();
    // Another address is not affected.
    expect((await logIn(user.email, STRONG_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
  });

  it('forgets an account’s failures after a successful login, and never counts successes', async () => {
    const { user } = await signUpMerchant(t.app);
    const ip = '192.0.2.200';
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < LOGIN_LIMITS.account.limit - 1; i++) {
        expect((await logIn(user.email, 'wrong again', ip)).statusCode).toBe(401);
      }
      expect((await logIn(user.email, STRONG_PASSWORD, ip)).statusCode).toBe(200);
    }
    for (let i = 0; i < LOGIN_LIMITS.address.limit; i++) {
      expect((await logIn(user.email, STRONG_PASSWORD, '192.0.2.201')).statusCode).toBe(200);
    }
  });

  it('logs successes, failures and lockouts without the password or the email', async () => {
    const email = uniqueEmail('logged');
    const secret = 'Secret-Password-Never-Logged-42';
    const { user } = await signUpMerchant(t.app, { email, password: secret });
    await logIn(email, secret, '192.0.2.150');
    for (let i = 0; i <= LOGIN_LIMITS.account.limit; i++)
      await logIn(email, 'wrong-password-also-secret', '192.0.2.151');
    const events = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.event);
    const mine = events.filter(
      (e) => e.userId === user.id || e.email === events.find((x) => x.userId === user.id)?.email,
    );
    expect(mine.map((e) => e.event)).toEqual(
      expect.arrayContaining(['merchant.signed_up', 'login.succeeded', 'login.failed', 'login.locked']),
    );
    const all = logLines.join('\n');
    expect(all).not.toContain(secret);
    expect(all).not.toContain('wrong-password-also-secret');
    expect(all).not.toContain(email);
  });
});

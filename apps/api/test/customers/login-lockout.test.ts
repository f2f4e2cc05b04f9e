import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/index.js';
import { createMemoryRateLimiter } from '../../src/lib/rate-limiter.js';
import { CUSTOMER_LOCKED_JOB } from '../../src/modules/customers/lockout-email-job.js';
import { LOCKOUT, VERIFY_LIMITS } from '../../src/modules/customers/login-policy.js';
import { readMail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { askLogin, customerEmail, lastLoginMail, subscribedCustomer } from './support.js';

const DAY_SECONDS = LOCKOUT.lockMs / 1000;

describe('the customer sign-in lock-out', () => {
  let t: TestApp;
  // The limiter's own clock: windows pass without sleeping.
  let now = Date.now();
  const nextWindow = () => {
    now += VERIFY_LIMITS.email.windowMs + 1000;
  };
  beforeAll(async () => {
    t = await createTestApp({}, { rateLimiter: createMemoryRateLimiter(() => now) });
  });
  afterAll(() => t.close());

  const lockMails = async (email: string) =>
    (await readMail(t.app, email)).filter((m) => /paused|suspendue/.test(m.subject));

  /** A window's worth of wrong codes (the per-email limit), each refused with 401; then the window ends. */
  async function failWindow(
    email: string,
    ip: string,
    wrong: string,
    count: number = VERIFY_LIMITS.email.limit,
  ) {
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < count; i++) answers.push(await askLogin(t.app, { email, code: wrong }, ip));
    for (const answer of answers) expect(answer.statusCode).toBe(401);
    nextWindow();
    return answers;
  }

  async function signInWithFreshCode(email: string, ip: string) {
    await askLogin(t.app, { email }, ip);
    const { code } = await lastLoginMail(t.app, email);
    const answer = await askLogin(t.app, { email, code }, ip);
    nextWindow();
    return answer;
  }

  it('locks sign-in by code for a day after three windows of wrong codes, refusing even the right code', async () => {
    const { email } = await subscribedCustomer(t.app);
    await askLogin(t.app, { email }, '10.30.0.1');
    const { code } = await lastLoginMail(t.app, email);
    const wrong = code === '000000' ? '111111' : '000000';
    await failWindow(email, '10.30.0.1', wrong);
    await failWindow(email, '10.30.0.1', wrong);
    expect(await lockMails(email)).toHaveLength(0);
    await failWindow(email, '10.30.0.1', wrong);

    await askLogin(t.app, { email }, '10.30.0.2');
    const fresh = await lastLoginMail(t.app, email);
    const refused = await askLogin(t.app, { email, code: fresh.code }, '10.30.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().code).toBe('rate_limited');
    // The lock started with the last wrong code, one window ago.
    const sinceLock = VERIFY_LIMITS.email.windowMs / 1000 + 1;
    expect(Number(refused.headers['retry-after'])).toBe(DAY_SECONDS - sinceLock);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(DAY_SECONDS);

    // The link cannot be guessed, so it still lets the customer in.
    expect((await askLogin(t.app, { email, token: fresh.token }, '10.30.0.2')).statusCode).toBe(200);

    // A day later, codes work again.
    now += LOCKOUT.lockMs;
    expect((await signInWithFreshCode(email, '10.30.0.3')).statusCode).toBe(200);
  });

  it('emails the customer once per lock-out', async () => {
    const { email } = await subscribedCustomer(t.app);
    for (let w = 0; w < 3; w++) await failWindow(email, '10.31.0.1', '000000');
    // More tries while locked (codes refused, wrong links still failing) send nothing more.
    expect((await askLogin(t.app, { email, code: '000000' }, '10.31.0.1')).statusCode).toBe(429);
    expect((await askLogin(t.app, { email, token: 'x'.repeat(43) }, '10.31.0.1')).statusCode).toBe(401);
    const mails = await lockMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('24 hours');
    expect(mails[0]!.text).toContain('/client/login');
  });

  it('answers an unknown email exactly as a customer’s, and queues the same work for both', async () => {
    const { email: known } = await subscribedCustomer(t.app);
    const unknown = customerEmail('ghost');
    const wrong = '000000';
    const compare = (a: LightMyRequestResponse, b: LightMyRequestResponse) => {
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.body).toBe(a.body);
      expect(b.headers['content-type']).toBe(a.headers['content-type']);
      expect(b.headers['retry-after']).toBe(a.headers['retry-after']);
    };
    for (let w = 0; w < 3; w++) {
      for (let i = 0; i < VERIFY_LIMITS.email.limit; i++) {
        compare(
          await askLogin(t.app, { email: known, code: wrong }, '10.32.0.1'),
          await askLogin(t.app, { email: unknown, code: wrong }, '10.32.0.2'),
        );
      }
      nextWindow();
    }
    const lockedKnown = await askLogin(t.app, { email: known, code: '123456' }, '10.32.0.1');
    const lockedUnknown = await askLogin(t.app, { email: unknown, code: '123456' }, '10.32.0.2');
    expect(lockedKnown.statusCode).toBe(429);
    compare(lockedKnown, lockedUnknown);
    const queued = await t.db.select().from(jobs).where(eq(jobs.name, CUSTOMER_LOCKED_JOB));
    const payloads = queued.map((job) => (job.payload as { email: string }).email);
    expect(payloads.filter((e) => e === known)).toHaveLength(1);
    expect(payloads.filter((e) => e === unknown)).toHaveLength(1);
    expect(await lockMails(known)).toHaveLength(1);
    expect(await readMail(t.app, unknown)).toHaveLength(0);
  });

  it('starts the count again after a sign-in', async () => {
    const { email } = await subscribedCustomer(t.app);
    await failWindow(email, '10.33.0.1', '000000');
    await failWindow(email, '10.33.0.1', '000000');
    expect((await signInWithFreshCode(email, '10.33.0.1')).statusCode).toBe(200);
    // One guess short of a lock-out since that sign-in: still open.
    await failWindow(email, '10.33.0.1', '000000');
    await failWindow(email, '10.33.0.1', '000000');
    await failWindow(email, '10.33.0.1', '000000', LOCKOUT.failures - 2 * VERIFY_LIMITS.email.limit - 1);
    expect((await signInWithFreshCode(email, '10.33.0.1')).statusCode).toBe(200);
    // A full count after the last sign-in locks.
    for (let w = 0; w < 3; w++) await failWindow(email, '10.33.0.1', '000000');
    expect((await askLogin(t.app, { email, code: '000000' }, '10.33.0.1')).statusCode).toBe(429);
    expect(await lockMails(email)).toHaveLength(1);
  });
});

import type { Verification } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passCode, passStep, passToken } from '../../src/modules/subscriptions/pass-format.js';
import { customerEmail } from '../customers/support.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { counterHelpers } from './support.js';

describe('verification at the counter (POST /nests/me/verifications)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { secret, counter, merchantOf, subscriber, answer, token, code } = counterHelpers(() => t);

  it('refuses another merchant’s pass exactly like a forged one, and expired passes', async () => {
    const { merchant } = await counter();
    const other = await counter();
    const theirs = await subscriber(other.offer.id, 'active', customerEmail('secret'));
    const foreign = await answer(merchant, { token: token(theirs.id) });
    const forgedToken = token(theirs.id).slice(0, -4) + (token(theirs.id).endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const forged = await answer(merchant, { token: forgedToken });
    const strip = (v: Verification) => ({ ...v, id: '', checked_at: '' });
    expect(strip(foreign)).toEqual(strip(forged));
    expect(foreign).toMatchObject({
      result: 'not_eligible',
      reason: 'invalid_pass',
      customer: null,
      offer: null,
    });
    expect(JSON.stringify(foreign)).not.toContain(theirs.id);
    // Its code is unknown here too.
    expect(await answer(merchant, { code: code(theirs.id) })).toMatchObject({
      reason: 'unknown_code',
      customer: null,
    });
    expect(await answer(merchant, { token: 'not a token' })).toMatchObject({ reason: 'invalid_pass' });

    // Two steps old: expired for our own pass, invalid for theirs.
    const { offer } = await counter();
    const ours = await subscriber(offer.id);
    const mine = await merchantOf(offer.nest_id);
    const old = passStep(new Date()) - 3;
    expect(await answer(mine, { token: passToken(secret(), ours.id, old) })).toMatchObject({
      reason: 'expired_pass',
    });
    expect(await answer(merchant, { token: passToken(secret(), ours.id, old) })).toMatchObject({
      reason: 'invalid_pass',
    });
    expect(await answer(mine, { code: passCode(secret(), ours.id, old) })).toMatchObject({
      reason: 'unknown_code',
    });
  });
});

import type { Verification } from '@nest/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  passCode,
  passStep,
  passToken,
  signedPassToken,
} from '../../src/modules/subscriptions/pass-format.js';
import { customerEmail } from '../customers/support.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { counterHelpers } from './support.js';

describe('verification at the counter (POST /nests/me/verifications)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Passes of the first format (HMAC) are accepted until a set date (ADR 183); this file checks how
    // such a pass is refused once expired, so its app keeps that window open on whatever day it runs.
    const inAYear = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).toISOString();
    t = await createTestApp({ PASS_HMAC_ACCEPTED_UNTIL: inAYear });
  });
  afterAll(async () => t.close());
  const { secret, counter, merchantOf, subscriber, answer, token, code } = counterHelpers(() => t);

  it('refuses another merchant’s pass exactly like a forged one, and expired passes', async () => {
    const { merchant } = await counter();
    const other = await counter();
    const theirs = await subscriber(other.offer.id, 'active', customerEmail('secret'));
    const foreign = await answer(merchant, { token: await token(theirs.id) });
    const theirToken = await token(theirs.id);
    const forgedToken = theirToken.slice(0, -4) + (theirToken.endsWith('AAAA') ? 'BBBB' : 'AAAA');
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
    expect(await answer(merchant, { code: await code(theirs.id) })).toMatchObject({
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
    // The same with a signed pass (ADR 183): it names its nest, so another nest refuses it at once.
    const signedOld = signedPassToken(secret(), offer.nest_id, ours.id, old);
    expect(await answer(mine, { token: signedOld })).toMatchObject({ reason: 'expired_pass' });
    expect(await answer(merchant, { token: signedOld })).toMatchObject({ reason: 'invalid_pass' });
    const signedNow = signedPassToken(secret(), offer.nest_id, ours.id, passStep(new Date()));
    expect(await answer(merchant, { token: signedNow })).toMatchObject({
      reason: 'invalid_pass',
      customer: null,
    });
    expect(await answer(mine, { token: signedNow })).toMatchObject({ result: 'eligible' });
  });
});

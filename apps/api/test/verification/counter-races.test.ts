import type { CheckIn, Verification } from '@nest/contracts';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../../bench/statements.js';
import { checkIns } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp, testDriver } from '../helpers.js';
import { counterHelpers } from './support.js';

/** 50 requests at once against real PostgreSQL: row locks and conditional updates, not luck. */
const AT_ONCE = 50;

describe.runIf(testDriver === 'postgres')('the counter under 50 simultaneous requests (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { counter, subscriber, answer, verify, token } = counterHelpers(() => t);

  const counted = async (subscriptionId: string) => {
    const [row] = await t.db
      .select({ n: count() })
      .from(checkIns)
      .where(and(eq(checkIns.subscriptionId, subscriptionId), eq(checkIns.counts, true)));
    return Number(row!.n);
  };

  it('redeeming one earned reward: exactly one success', async () => {
    const { merchant, offer } = await counter('pro', {
      reward_rule: { kind: 'check_ins', every: 1, reward_name: 'Free tea' },
    });
    const sub = await subscriber(offer.id);
    const rewardId = (await answer(merchant, { token: await token(sub.id) })).reward!.waiting[0]!.id;
    const results = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/nests/me/rewards/${rewardId}/redeem`,
          cookies: merchant.cookies,
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(AT_ONCE - 1);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('reward_already_redeemed');
  });

  it('scans of one pass of an offer without allowance: exactly one counted, the others repeats', async () => {
    const { merchant, offer } = await counter('starter');
    const sub = await subscriber(offer.id);
    const pass = await token(sub.id);
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () => answer(merchant, { token: pass })),
    );
    expect(answers.every((a) => a.result === 'eligible')).toBe(true);
    expect(answers.filter((a) => !a.repeat)).toHaveLength(1);
    expect(await counted(sub.id)).toBe(1);
  });

  it('a scan with nothing but the check-in to write is 3 statements: session and nest, subscription, check-in (ADR 207)', async () => {
    const { merchant, offer } = await counter('starter');
    const passes: string[] = [];
    for (let i = 0; i < 3; i++) passes.push(await token((await subscriber(offer.id)).id));
    const statements = await recordStatements(() => answer(merchant, { token: passes.pop() }));
    expect(statements).toHaveLength(3);
    expect(statements[0]!.text).toContain('"nests"');
    expect(statements.at(-1)!.text).toContain('counter_check_in(');
  });

  it('check-ins of a subscription with 1 use left: exactly 1 accepted, 49 refused with the reason', async () => {
    const { merchant, offer } = await counter('pro', { usage_allowance: { uses: 1, per: 'day' } });
    const sub = await subscriber(offer.id);
    const results = await Promise.all(
      Array.from({ length: AT_ONCE }, () => verify(merchant, { subscription_id: sub.id })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(AT_ONCE).fill(200));
    const answers = results.map((r) => r.json<Verification>());
    const accepted = answers.filter((a) => a.result === 'eligible');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.usage).toMatchObject({ used: 1, left: 0 });
    const refused = answers.filter((a) => a.result === 'not_eligible');
    expect(refused).toHaveLength(AT_ONCE - 1);
    expect(new Set(refused.map((a) => a.reason))).toEqual(new Set(['usage_exhausted']));
    expect(await counted(sub.id)).toBe(1);
  });

  it('undo racing new check-ins: one undo wins, and the allowance count matches the answers', async () => {
    const { merchant, offer } = await counter('pro', { usage_allowance: { uses: 1, per: 'day' } });
    const sub = await subscriber(offer.id);
    const first = await answer(merchant, { token: await token(sub.id) });
    expect(first.usage).toMatchObject({ used: 1, left: 0 });
    const half = AT_ONCE / 2;
    const results = await Promise.all(
      Array.from({ length: AT_ONCE }, (_, i) =>
        i % 2 === 0
          ? t.app.inject({
              method: 'POST',
              url: `/api/v1/nests/me/verifications/${first.id}/undo`,
              cookies: merchant.cookies,
            })
          : verify(merchant, { subscription_id: sub.id }),
      ),
    );
    const undos = results.filter((_, i) => i % 2 === 0);
    const scans = results.filter((_, i) => i % 2 === 1).map((r) => r.json<Verification>());
    expect(undos.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(undos.filter((r) => r.statusCode === 409)).toHaveLength(half - 1);
    expect((undos.find((r) => r.statusCode === 200)!.json() as CheckIn).undone_at).not.toBeNull();
    // Whichever came first, at most one scan used the place the undo gave back, and what is recorded
    // is exactly what the answers said.
    const scansCounted = scans.filter((a) => a.result === 'eligible' && !a.repeat);
    expect(scansCounted.length).toBeLessThanOrEqual(1);
    expect(await counted(sub.id)).toBe(scansCounted.length);
    const after = await answer(merchant, { subscription_id: sub.id });
    expect(after.usage!.used).toBe(
      scansCounted.length + (after.result === 'eligible' && !after.repeat ? 1 : 0),
    );
    expect(after.usage!.used).toBeLessThanOrEqual(1);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkIns,
  moneyRollupNotes,
  moneyRollups,
  nestCustomers,
  nestSubscriptions,
  nestTransactions,
  offerPrices,
  offers,
} from '../../src/db/schema/index.js';
import { monthPeriod } from '../../src/modules/revenue/calendar.js';
import { foldMoneyNotes } from '../../src/modules/revenue/fold-money-notes.js';
import { revenueSummary } from '../../src/modules/revenue/summary.js';
import { createTestApp, type TestApp, testDriver } from '../helpers.js';
import { type SellingMerchant, sellingMerchant } from '../links/support.js';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, int: (n: number) => Math.floor(next() * n) };
}

const NOW = new Date('2025-03-20T12:07:31.123Z');
const QUARTER = 15 * 60_000;
const DAY = 86_400_000;
const ZONES = ['Europe/Paris', 'America/New_York', 'Pacific/Auckland', 'Asia/Kathmandu'] as const;

/**
 * The money summary from the rollups (ADR 202) against the live computation it replaced, which stays
 * the definition: over random books in several time zones, before the job folds the notes, after, and
 * with writes between folds, every figure is the same.
 */
describe('the money summary’s rollups', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** What the merchant sees, from the rollups and live, for the instants and months that matter. */
  async function expectRollupsEqualLive(merchant: SellingMerchant, zone: string) {
    const asked: { now: Date; month?: string }[] = [
      { now: NOW },
      // On a quarter-hour: the churn window's start is a bound of buckets, not a split one.
      { now: new Date('2025-03-20T12:00:00Z') },
      // Minutes into a month, in the zone.
      { now: new Date(monthPeriod(NOW, zone).start.getTime() + 7 * 60_000 + 11) },
      { now: NOW, month: '2025-02' },
      { now: NOW, month: '2024-11' },
      { now: NOW, month: '2024-04' },
    ];
    for (const { now, month } of asked) {
      const input = { userId: merchant.user.id, now, ...(month ? { month } : {}) };
      const rolledUp = await revenueSummary(t.db, input);
      const live = await revenueSummary(t.db, { ...input, figures: 'live' });
      expect(rolledUp, `${zone} ${now.toISOString()} ${month ?? 'current'}`).toEqual(live);
    }
  }

  /**
   * A nest's random book: subscriptions of every status on three prices (one with a trial), payments
   * and refunds (one refund recorded before its payment), payouts, check-ins; times anywhere in the
   * last 15 months and a few days past now, a third of them on a quarter-hour or a month's start.
   */
  async function randomBook(merchant: SellingMerchant, zone: string, seed: number) {
    const r = random(seed);
    const nestId = merchant.offer.nest_id;
    const monthStarts = Array.from({ length: 16 }, (_, i) => monthPeriod(NOW, zone, i - 14).start);
    const time = () => {
      const roll = r.next();
      if (roll < 0.1) return r.pick(monthStarts);
      // Exactly the churn window's start, seen from the quarter-hour now.
      if (roll < 0.13) return new Date(Math.floor(NOW.getTime() / QUARTER) * QUARTER - 30 * DAY);
      const at = NOW.getTime() - 450 * DAY * r.next() + 3 * DAY * r.next();
      return new Date(roll < 0.35 ? Math.floor(at / QUARTER) * QUARTER : Math.floor(at));
    };
    let version = 1000;
    const price = async (amountCents: number, interval: 'week' | 'month' | 'year') => {
      const [row] = await t.db
        .insert(offerPrices)
        .values({
          offerId: merchant.offer.id,
          version: ++version,
          amountCents,
          currency: 'EUR',
          interval,
          intervalCount: 1,
          providerPriceId: `price_${seed}_${version}`,
        })
        .returning({ id: offerPrices.id });
      return row!.id;
    };
    const prices = [await price(1000, 'month'), await price(12_000, 'year'), await price(600, 'week')];
    await t.db.update(offers).set({ trialDays: 7 }).where(eq(offers.id, merchant.offer.id));

    const subscriptions: { id: string; customerId: string }[] = [];
    const subscribe = async () => {
      const createdAt = time();
      const status = r.pick([
        'trialing',
        'active',
        'active',
        'past_due',
        'canceled',
        'unpaid',
        'incomplete',
      ] as const);
      const later = () => new Date(createdAt.getTime() + r.next() * 120 * DAY);
      const paused = r.next() < 0.15;
      const [customer] = await t.db
        .insert(nestCustomers)
        .values({ email: `${seed}-${subscriptions.length}-${crypto.randomUUID().slice(0, 6)}@example.com` })
        .returning({ id: nestCustomers.id });
      const [row] = await t.db
        .insert(nestSubscriptions)
        .values({
          nestId,
          customerId: customer!.id,
          offerPriceId: r.pick(prices),
          status,
          provider: 'sandbox',
          createdAt,
          updatedAt: later(),
          canceledAt: status === 'canceled' && r.next() < 0.8 ? later() : null,
          cancelAtPeriodEnd: r.next() < 0.2,
          currentPeriodEnd: new Date(NOW.getTime() + (r.next() - 0.2) * 25 * DAY),
          pauseStartsAt: paused ? new Date(NOW.getTime() - r.next() * 10 * DAY) : null,
          pauseEndsAt: paused ? new Date(NOW.getTime() + (r.next() - 0.3) * 10 * DAY) : null,
        })
        .returning({ id: nestSubscriptions.id });
      subscriptions.push({ id: row!.id, customerId: customer!.id });
    };
    const ledger = (values: Partial<typeof nestTransactions.$inferInsert>) =>
      t.db
        .insert(nestTransactions)
        .values({
          nestId,
          kind: 'payment',
          status: 'succeeded',
          amountCents: 0,
          feeCents: 0,
          netCents: 0,
          currency: 'eur',
          provider: 'sandbox',
          occurredAt: time(),
          ...values,
        })
        .returning({ id: nestTransactions.id });
    const pay = async () => {
      const who = r.pick(subscriptions);
      const paymentId = `py_${crypto.randomUUID()}`;
      const amountCents = 500 + r.int(3000);
      const occurredAt = time();
      const refunded = r.next() < 0.3;
      const refund = {
        kind: 'refund' as const,
        status: r.pick(['succeeded', 'succeeded', 'pending'] as const),
        amountCents: -Math.min(amountCents, 100 + r.int(amountCents)),
        providerObjectId: `re_${paymentId}`,
        providerPaymentId: paymentId,
        occurredAt: new Date(occurredAt.getTime() + r.next() * 20 * DAY),
      };
      const outOfOrder = refunded && r.next() < 0.3;
      // A refund's webhook may come before its payment's: the row has no subscription until linked.
      if (outOfOrder) await ledger({ ...refund, subscriptionId: null });
      await ledger({
        subscriptionId: who.id,
        customerId: who.customerId,
        status: r.next() < 0.9 ? 'succeeded' : 'failed',
        amountCents,
        providerObjectId: paymentId,
        providerPaymentId: paymentId,
        occurredAt,
      });
      if (outOfOrder) {
        await t.db
          .update(nestTransactions)
          .set({ subscriptionId: who.id, customerId: who.customerId })
          .where(eq(nestTransactions.providerObjectId, `re_${paymentId}`));
      } else if (refunded) {
        await ledger({ ...refund, subscriptionId: who.id, customerId: who.customerId });
      }
    };
    const checkIn = async () => {
      const who = r.pick(subscriptions);
      const counts = r.next() < 0.8;
      await t.db.insert(checkIns).values({
        nestId,
        subscriptionId: who.id,
        customerId: who.customerId,
        result: 'eligible',
        repeat: !counts,
        counts,
        checkedAt: time(),
      });
    };
    const payout = () =>
      ledger({
        kind: 'payout',
        status: r.pick(['pending', 'in_transit', 'paid'] as const),
        amountCents: -(1000 + r.int(9000)),
        providerObjectId: `po_${crypto.randomUUID()}`,
      });
    /** Changes as the webhooks and the counter make them: each moves the rows' old contribution. */
    const change = async () => {
      const who = r.pick(subscriptions);
      const roll = r.next();
      if (roll < 0.3) {
        await t.db
          .update(nestSubscriptions)
          .set({ status: 'canceled', canceledAt: time(), updatedAt: time() })
          .where(eq(nestSubscriptions.id, who.id));
      } else if (roll < 0.45) {
        await t.db
          .update(nestSubscriptions)
          .set({ status: 'unpaid', updatedAt: time() })
          .where(eq(nestSubscriptions.id, who.id));
      } else if (roll < 0.6) {
        await t.db
          .update(nestSubscriptions)
          .set({ cancelAtPeriodEnd: r.next() < 0.5, status: 'active' })
          .where(eq(nestSubscriptions.id, who.id));
      } else if (roll < 0.7) {
        await t.db
          .update(nestTransactions)
          .set({ status: 'succeeded' })
          .where(and(eq(nestTransactions.subscriptionId, who.id), eq(nestTransactions.status, 'pending')));
      } else if (roll < 0.8) {
        await t.db
          .update(checkIns)
          .set({ counts: false, undoneAt: NOW })
          .where(and(eq(checkIns.subscriptionId, who.id), eq(checkIns.counts, true)));
      } else if (roll < 0.9) {
        await t.db.delete(checkIns).where(eq(checkIns.subscriptionId, who.id));
      } else {
        await t.db
          .update(offers)
          .set({ trialDays: r.pick([0, 3, 14]) })
          .where(eq(offers.id, merchant.offer.id));
      }
    };
    return { subscribe, pay, checkIn, payout, change };
  }

  async function write(book: Awaited<ReturnType<typeof randomBook>>, rounds: number) {
    for (let i = 0; i < rounds; i++) await book.subscribe();
    for (let i = 0; i < rounds * 2; i++) await book.pay();
    for (let i = 0; i < rounds; i++) await book.checkIn();
    for (let i = 0; i < 3; i++) await book.payout();
    for (let i = 0; i < rounds / 2; i++) await book.change();
  }

  for (const [i, zone] of ZONES.entries()) {
    it(`equals the live figures in ${zone}, before the job runs, after, and with writes between runs`, async () => {
      const merchant = await sellingMerchant(t.app, { timeZone: zone, payouts: false });
      const book = await randomBook(merchant, zone, 7 + i);
      await write(book, 16);
      await expectRollupsEqualLive(merchant, zone);
      await foldMoneyNotes(t.db);
      await expectRollupsEqualLive(merchant, zone);
      await write(book, 12);
      await expectRollupsEqualLive(merchant, zone);
      await foldMoneyNotes(t.db);
      await write(book, 8);
      await foldMoneyNotes(t.db);
      expect(
        await t.db.select().from(moneyRollupNotes).where(eq(moneyRollupNotes.nestId, merchant.offer.nest_id)),
      ).toEqual([]);
      await expectRollupsEqualLive(merchant, zone);
    });
  }

  it('reads the rollups, and counts no other nest’s rows', async () => {
    const mine = await sellingMerchant(t.app, { timeZone: 'Europe/Paris', payouts: false });
    const theirs = await sellingMerchant(t.app, { timeZone: 'Europe/Paris', payouts: false });
    await write(await randomBook(mine, 'Europe/Paris', 101), 10);
    await foldMoneyNotes(t.db);
    const before = await revenueSummary(t.db, { userId: mine.user.id, now: NOW });
    await write(await randomBook(theirs, 'Europe/Paris', 102), 10);
    expect(await revenueSummary(t.db, { userId: mine.user.id, now: NOW })).toEqual(before);
    await foldMoneyNotes(t.db);
    expect(await revenueSummary(t.db, { userId: mine.user.id, now: NOW })).toEqual(before);
    // Without its rollups, the nest's revenue is gone from the answer: it was read from them.
    await t.db.delete(moneyRollups).where(eq(moneyRollups.nestId, mine.offer.nest_id));
    const without = await revenueSummary(t.db, { userId: mine.user.id, now: NOW });
    expect(without.series.revenue_by_month.every((m) => m.revenue_cents === 0)).toBe(true);
    expect(before.series.revenue_by_month.some((m) => m.revenue_cents !== 0)).toBe(true);
  });

  it('answers a month whose bounds are not on a quarter-hour (a historic zone) live', async () => {
    // Monrovia kept −0:44:30 until 1972: its months began 44 min 30 s after a UTC quarter-hour.
    const merchant = await sellingMerchant(t.app, { timeZone: 'Africa/Monrovia', payouts: false });
    const input = { userId: merchant.user.id, now: new Date('1971-06-15T12:00:00Z'), month: '1971-05' };
    expect(await revenueSummary(t.db, input)).toEqual(
      await revenueSummary(t.db, { ...input, figures: 'live' }),
    );
  });

  it.runIf(testDriver === 'postgres')(
    'ends exact with payments, refunds, check-ins and subscription changes written alongside several folds',
    async () => {
      const merchant = await sellingMerchant(t.app, { timeZone: 'America/New_York', payouts: false });
      const book = await randomBook(merchant, 'America/New_York', 303);
      for (let i = 0; i < 12; i++) await book.subscribe();
      const deadlocksBefore = await deadlocks();
      const writes = Array.from({ length: 60 }, (_, i) =>
        i % 4 === 0 ? book.pay() : i % 4 === 1 ? book.checkIn() : i % 4 === 2 ? book.change() : book.pay(),
      );
      const folds = Array.from({ length: 5 }, () => foldMoneyNotes(t.db));
      await Promise.all([...writes, ...folds]);
      await expectRollupsEqualLive(merchant, 'America/New_York');
      await foldMoneyNotes(t.db);
      await expectRollupsEqualLive(merchant, 'America/New_York');
      expect(await deadlocks()).toBe(deadlocksBefore);
    },
  );

  const deadlocks = async () => {
    const result = (await t.db.execute(
      sql`select deadlocks::int as n from pg_stat_database where datname = current_database()`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
});

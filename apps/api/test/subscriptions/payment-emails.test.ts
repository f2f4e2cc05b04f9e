import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, nestInvoices, planSubscriptions } from '../../src/db/schema/index.js';
import { renderEmail } from '../../src/emails/render-email.js';
import { accountEvents, deliverAgain } from '../checkout/support.js';
import { customerEmail, me, signInCustomer } from '../customers/support.js';
import { readMail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, payCheckout, sellingMerchant, startLinkCheckout } from '../links/support.js';
import { advanceClock, CARDS, daysFromNow } from '../payments/support.js';

/** The customer's emails about money: receipts, payment failed, reward earned (issue 7). */
describe('customer payment emails (sandbox provider)', { timeout: 180_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function subscriber(
    card: string,
    locale: 'en-US' | 'fr-FR',
    options: Parameters<typeof sellingMerchant>[1] = {},
  ) {
    const merchant = await sellingMerchant(t.app, options);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const email = customerEmail('mail');
    const checkout = await startLinkCheckout(t.app, link.nest_link_id, { email, locale, name: 'Léa' });
    await payCheckout(t.app, checkout.path, card);
    return { merchant, email };
  }

  /** Delivers every event of the merchant's account again, under its id and under a new one. */
  async function replayAll(ownerId: string) {
    for (const event of await accountEvents(t.app, ownerId)) {
      expect((await deliverAgain(t.app, event)).statusCode).toBe(200);
      expect((await deliverAgain(t.app, event, `evt_replay_${event.id}`)).statusCode).toBe(200);
    }
    await t.app.jobs.drain();
  }

  const mailsOf = async (email: string, subject: RegExp) =>
    (await readMail(t.app, email)).filter((m) => subject.test(m.subject));

  it('payment failed: one email per failed attempt, in the customer’s language, with the amount and the pay-now link', async () => {
    const { merchant, email } = await subscriber(CARDS.failsAtRenewal, 'fr-FR');
    const cookies = await signInCustomer(t.app, email, '10.9.1.1');
    const renewsAt = (await me(t.app, cookies)).json().subscriptions[0].current_period_end as string;
    // Just past the renewal, before the first automatic retry (a day later).
    await advanceClock(t.app, merchant, Math.ceil(daysFromNow(renewsAt)));
    const subscription = (await me(t.app, cookies)).json().subscriptions[0];
    expect(subscription.status).toBe('past_due');
    const attempts = async () => {
      const [invoice] = await t.db
        .select()
        .from(nestInvoices)
        .where(and(eq(nestInvoices.subscriptionId, subscription.id), eq(nestInvoices.status, 'open')));
      return invoice!.attemptCount;
    };
    const failed = () => mailsOf(email, /n’est pas passé/);
    const first = await failed();
    expect(await attempts()).toBe(1);
    expect(first).toHaveLength(1);
    for (const mail of first) {
      expect(mail.subject).toContain('Votre paiement à');
      expect(mail.text).toMatch(/29,00\s?€/);
      expect(mail.text).toContain(`${t.app.config.publicUrl}/client/app/overview?pay=${subscription.id}`);
    }

    // Replays of every event send nothing more.
    await replayAll(merchant.user.id);
    expect(await failed()).toHaveLength(first.length);

    // The next automatic retry fails too: one more email, for that attempt.
    await advanceClock(t.app, merchant, 2);
    expect(await attempts()).toBe(2);
    const second = await failed();
    expect(second).toHaveLength(2);
    expect(second[1]!.text).toContain(`/client/app/overview?pay=${subscription.id}`);
    // No receipt for an unpaid renewal: only the first payment's.
    expect(await mailsOf(email, /^Votre reçu/)).toHaveLength(1);
  });

  it('receipts: one per paid invoice (the first payment and each renewal), whatever the replays', async () => {
    const { merchant, email } = await subscriber(CARDS.ok, 'en-US');
    expect(await mailsOf(email, /^Your receipt from/)).toHaveLength(1);
    await advanceClock(t.app, merchant, 32);
    await replayAll(merchant.user.id);
    const receipts = await mailsOf(email, /^Your receipt from/);
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.text).toContain('€29.00');
  });

  it('reward earned: one email when paid periods reach the target, in the customer’s language, never on replays', async () => {
    const { merchant, email } = await subscriber(CARDS.ok, 'fr-FR', {
      plan: 'pro',
      offer: { reward_rule: { kind: 'paid_periods', every: 2, reward_name: 'Un croissant offert' } },
    });
    const rewards = () => mailsOf(email, /récompense/);
    expect(await rewards()).toHaveLength(0);

    await advanceClock(t.app, merchant, 32); // second paid period: the target
    const earned = await rewards();
    expect(earned).toHaveLength(1);
    expect(earned[0]!.subject).toContain('Un croissant offert');
    expect(earned[0]!.text).toContain('2 périodes payées');
    expect(earned[0]!.text).toContain('/client/app/overview');

    await replayAll(merchant.user.id);
    expect(await rewards()).toHaveLength(1);
    const cookies = await signInCustomer(t.app, email, '10.9.2.1');
    expect((await me(t.app, cookies)).json().subscriptions[0].reward).toMatchObject({
      progress: 0,
      target: 2,
    });

    await advanceClock(t.app, merchant, 31); // third: progress 1 of 2, nothing to say
    expect(await rewards()).toHaveLength(1);
    expect((await me(t.app, cookies)).json().subscriptions[0].reward).toMatchObject({
      progress: 1,
      target: 2,
    });
    const queued = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `reward-earned:${(await me(t.app, cookies)).json().subscriptions[0].id}:2`));
    expect(queued).toHaveLength(1);
  });

  it('no reward, shown or emailed, once the merchant has left the plans with progression', async () => {
    const { merchant, email } = await subscriber(CARDS.ok, 'en-US', {
      plan: 'pro',
      offer: { reward_rule: { kind: 'paid_periods', every: 2, reward_name: 'A cookie' } },
    });
    // Moved to Starter (no progression, ADR 044): the offer keeps its rule, which rests.
    await t.db
      .update(planSubscriptions)
      .set({ plan: 'starter' })
      .where(eq(planSubscriptions.userId, merchant.user.id));
    await advanceClock(t.app, merchant, 32);
    expect(await mailsOf(email, /^Your receipt from/)).toHaveLength(2);
    expect(await mailsOf(email, /reward/)).toHaveLength(0);
    const cookies = await signInCustomer(t.app, email, '10.9.3.1');
    expect((await me(t.app, cookies)).json().subscriptions[0].reward).toBeNull();
  });

  it('no reward email for an offer without a paid-periods rule', async () => {
    const { merchant, email } = await subscriber(CARDS.ok, 'en-US', {
      plan: 'pro',
      offer: { reward_rule: { kind: 'check_ins', every: 1, reward_name: 'A cookie' } },
    });
    await advanceClock(t.app, merchant, 32);
    expect(await mailsOf(email, /^Your receipt from/)).toHaveLength(2);
    expect(await mailsOf(email, /reward/)).toHaveLength(0);
  });

  it('reward template: the reward, the count and the link in both languages, escaped in HTML', () => {
    const params = {
      name: '',
      nestName: 'Café <b>',
      offerName: 'Coffee club',
      rewardName: 'Free croissant',
      paidPeriods: 1,
      areaUrl: 'https://nest.example/client/app/overview',
    };
    const en = renderEmail('en-US', 'reward-earned', params);
    const fr = renderEmail('fr-FR', 'reward-earned', { ...params, paidPeriods: 3 });
    expect(en.subject).toBe('You earned a reward at Café <b>: Free croissant');
    expect(en.text).toContain('Hello,');
    expect(en.text).toContain('1 paid period of');
    expect(en.html).not.toContain('<b>');
    expect(fr.text).toContain('3 périodes payées');
    expect(fr.text).toContain('https://nest.example/client/app/overview');
  });
});

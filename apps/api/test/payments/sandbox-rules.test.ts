import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/errors.js';
import { isValidIban } from '../../src/payments/sandbox/accounts.js';
import { nextPeriodEnd, periodBoundary, prorate } from '../../src/payments/sandbox/calendar.js';
import { latestPayoutSlot } from '../../src/payments/sandbox/payouts.js';
import { chargeOutcome, passesLuhn, readCard } from '../../src/payments/sandbox/test-cards.js';
import { signWebhookPayload, verifyWebhookPayload } from '../../src/payments/webhook-signature.js';

describe('the sandbox’s rules', () => {
  it('bills a subscription started on the 31st on the last day of shorter months, and back on the 31st', () => {
    const anchor = new Date('2031-01-31T09:30:00Z');
    expect(periodBoundary(anchor, 'month', 1, 1).toISOString()).toBe('2031-02-28T09:30:00.000Z');
    expect(periodBoundary(anchor, 'month', 1, 2).toISOString()).toBe('2031-03-31T09:30:00.000Z');
    expect(nextPeriodEnd(anchor, new Date('2031-02-28T09:30:00Z'), 'month', 1).toISOString()).toBe(
      '2031-03-31T09:30:00.000Z',
    );
    expect(periodBoundary(new Date('2032-02-29T00:00:00Z'), 'year', 1, 1).toISOString()).toBe(
      '2033-02-28T00:00:00.000Z',
    );
  });

  it('prorates in whole cents, rounding half up, with no float touching the amount', () => {
    expect(prorate(3000, 15, 30)).toBe(1500);
    expect(prorate(1, 1, 2)).toBe(1);
    expect(prorate(1999, 1, 3)).toBe(666);
    expect(prorate(1000, 40, 30)).toBe(1000);
    expect(prorate(1000, -5, 30)).toBe(0);
    expect(prorate(-3000, 15, 30)).toBe(-1500);
  });

  it('knows Stripe’s test cards and refuses anything else', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    const now = new Date('2030-06-15T00:00:00Z');
    const card = (number: string, expiry = '06/30') =>
      readCard({ number, expiry, cvc: '123', name: 'A' }, now);
    expect(card('4242 4242 4242 4242').card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      behavior: 'succeeds',
    });
    expect(card('4242-4242-4242-4242', '6/2030').card?.expYear).toBe(2030);
    expect(card('4000000000000341').card?.behavior).toBe('fails_after_attach');
    // An expiry typed as digits only, as a phone's keypad gives it, reads as MM / YY.
    expect(card('4242424242424242', '1230').card).toMatchObject({ expMonth: 12, expYear: 2030 });
    expect(card('4242424242424242', '12 30').card).toMatchObject({ expMonth: 12, expYear: 2030 });
    expect(card('4242424242424242', '12345').problems).toEqual([
      { field: 'expiry', problem: 'invalid_expiry' },
    ]);
    expect(card('4111111111111111').problems).toEqual([{ field: 'number', problem: 'not_test_card' }]);
    expect(card('4242424242424242', '05/30').problems).toEqual([
      { field: 'expiry', problem: 'expired_card' },
    ]);
    expect(card('4242424242424242', '13/30').problems).toEqual([
      { field: 'expiry', problem: 'invalid_expiry' },
    ]);
    expect(chargeOutcome('fails_after_attach', 'checkout')).toEqual({ ok: true });
    expect(chargeOutcome('fails_after_attach', 'automatic')).toEqual({ ok: false, code: 'card_declined' });
    expect(chargeOutcome('declines_insufficient_funds', 'checkout')).toEqual({
      ok: false,
      code: 'insufficient_funds',
    });
    expect(chargeOutcome(null, 'manual')).toEqual({ ok: false, code: 'card_declined' });
  });

  it('checks IBANs with their mod-97 key', () => {
    expect(isValidIban('FR14 2004 1010 0505 0001 3M02 606')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('not an iban')).toBe(false);
  });

  it('finds the latest scheduled payout day', () => {
    const wednesday = new Date('2030-06-19T15:00:00Z');
    expect(latestPayoutSlot({ interval: 'manual' }, wednesday)).toBeNull();
    expect(latestPayoutSlot({ interval: 'daily' }, wednesday)?.toISOString()).toBe(
      '2030-06-19T00:00:00.000Z',
    );
    expect(latestPayoutSlot({ interval: 'weekly', weeklyAnchor: 'friday' }, wednesday)?.toISOString()).toBe(
      '2030-06-14T00:00:00.000Z',
    );
    expect(
      latestPayoutSlot(
        { interval: 'monthly', monthlyAnchor: 31 },
        new Date('2030-03-05T00:00:00Z'),
      )?.toISOString(),
    ).toBe('2030-02-28T00:00:00.000Z');
  });

  it('signs as Stripe does and refuses stale, future or altered deliveries', async () => {
    const secret = 'whsec_unit';
    const now = new Date('2030-01-01T12:00:00Z');
    const body = '{"id":"evt_1","type":"invoice.paid","data":{"object":{"id":"in_1"}}}';
    const header = await signWebhookPayload(body, secret, now);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifyWebhookPayload(Buffer.from(body), header, secret, now)).toMatchObject({ id: 'evt_1' });
    const refuse = (fn: () => Promise<unknown>) => expect(fn()).rejects.toThrow(AppError);
    await refuse(() => verifyWebhookPayload(Buffer.from(body.replace('in_1', 'in_2')), header, secret, now));
    await refuse(() => verifyWebhookPayload(Buffer.from(body), header, 'whsec_other', now));
    await refuse(() =>
      verifyWebhookPayload(Buffer.from(body), header, secret, new Date(now.getTime() + 301_000)),
    );
    await refuse(() =>
      verifyWebhookPayload(Buffer.from(body), header, secret, new Date(now.getTime() - 301_000)),
    );
    await refuse(() => verifyWebhookPayload(Buffer.from(body), undefined, secret, now));
    expect(
      await verifyWebhookPayload(Buffer.from(body), header, secret, new Date(now.getTime() - 299_000)),
    ).toBeTruthy();
  });
});

import type { Offer } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import {
  emptyOfferForm,
  formFieldOf,
  makesNewVersion,
  type OfferFormValues,
  offerChanges,
  offerFormFrom,
  readOfferForm,
} from './offer-form';

const pro = { rewardAllowed: true };
const starter = { rewardAllowed: false };

function form(patch: Partial<OfferFormValues>): OfferFormValues {
  return {
    ...emptyOfferForm(),
    name: 'Morning coffee',
    grants: 'One coffee a day',
    amount: '12,50',
    ...patch,
  };
}

const offer: Offer = {
  id: '00000000-0000-4000-8000-000000000001',
  nest_id: '00000000-0000-4000-8000-000000000002',
  status: 'active',
  name: 'Morning coffee',
  description: null,
  grants: 'One coffee a day',
  amount_cents: 1250,
  currency: 'eur',
  interval: 'month',
  interval_count: 1,
  trial_days: 7,
  capacity: null,
  usage_allowance: { uses: 1, per: 'day' },
  reward_rule: null,
  grace_days: 0,
  customer_pause_max_periods: 0,
  subscriber_count: 1,
  current_version_id: '00000000-0000-4000-8000-000000000003',
  versions: [
    {
      id: '00000000-0000-4000-8000-000000000003',
      version: 1,
      amount_cents: 1250,
      currency: 'eur',
      interval: 'month',
      interval_count: 1,
      subscriber_count: 1,
      current: true,
      created_at: '2026-01-01T00:00:00.000Z',
    },
  ],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  archived_at: null,
};

describe('reading the offer form', () => {
  it('reads how many periods customers may pause (empty: off), within the limit', () => {
    expect(readOfferForm(form({ pauseMaxPeriods: '3' }), 'en-US', pro).body?.customer_pause_max_periods).toBe(
      3,
    );
    expect(readOfferForm(form({ pauseMaxPeriods: '' }), 'en-US', pro).body?.customer_pause_max_periods).toBe(
      0,
    );
    expect(readOfferForm(form({ pauseMaxPeriods: '13' }), 'en-US', pro).issues.pauseMaxPeriods).toBeDefined();
    const body = readOfferForm({ ...offerFormFrom(offer, 'en-US'), pauseMaxPeriods: '2' }, 'en-US', pro)
      .body!;
    expect(offerChanges(offer, body, { rewardAllowed: true })).toEqual({ customer_pause_max_periods: 2 });
  });

  it('turns a French amount with a decimal comma into exact cents', () => {
    const { body, issues } = readOfferForm(form({ amount: '12,50', trialDays: '14' }), 'fr-FR', pro);
    expect(issues).toEqual({});
    expect(body).toEqual({
      name: 'Morning coffee',
      description: null,
      grants: 'One coffee a day',
      amount_cents: 1250,
      interval: 'month',
      interval_count: 1,
      trial_days: 14,
      capacity: null,
      usage_allowance: null,
      reward_rule: null,
      grace_days: 0,
      customer_pause_max_periods: 0,
    });
    expect(readOfferForm(form({ amount: '19.99' }), 'en-US', pro).body?.amount_cents).toBe(1999);
  });

  it('sends a usage allowance and a reward rule only when switched on', () => {
    const { body } = readOfferForm(
      form({
        usageEnabled: true,
        usageUses: '1',
        usagePer: 'day',
        rewardEnabled: true,
        rewardKind: 'check_ins',
        rewardEvery: '10',
        rewardName: ' A free pastry ',
      }),
      'en-US',
      pro,
    );
    expect(body?.usage_allowance).toEqual({ uses: 1, per: 'day' });
    expect(body?.reward_rule).toEqual({ kind: 'check_ins', every: 10, reward_name: 'A free pastry' });
  });

  it('never sends a reward rule on Starter', () => {
    const values = form({ rewardEnabled: true, rewardEvery: '5', rewardName: 'Free class' });
    expect(readOfferForm(values, 'en-US', starter).body?.reward_rule).toBeNull();
  });

  it('names each problem next to its field, with the limits the API applies', () => {
    const { body, issues } = readOfferForm(
      form({
        name: '  ',
        grants: '',
        amount: '0,20',
        interval: 'month',
        intervalCount: '13',
        trialDays: '2.5',
        capacity: '0',
        usageEnabled: true,
        usageUses: 'lots',
        rewardEnabled: true,
        rewardEvery: '0',
        rewardName: '',
      }),
      'fr-FR',
      pro,
    );
    expect(body).toBeNull();
    expect(issues).toEqual({
      name: { code: 'required' },
      grants: { code: 'required' },
      amount: { code: 'amountTooSmall', values: { min: '0,50\u00a0€' } },
      intervalCount: { code: 'numberRange', values: { min: 1, max: 12 } },
      trialDays: { code: 'wholeNumber' },
      capacity: { code: 'numberRange', values: { min: 1, max: 100000 } },
      usageUses: { code: 'wholeNumber' },
      rewardEvery: { code: 'numberRange', values: { min: 1, max: 1000 } },
      rewardName: { code: 'required' },
    });
  });

  it('refuses amounts that are not amounts or above the ceiling', () => {
    expect(readOfferForm(form({ amount: '12,345' }), 'fr-FR', pro).issues.amount).toEqual({
      code: 'amountInvalid',
    });
    expect(readOfferForm(form({ amount: '' }), 'fr-FR', pro).issues.amount).toEqual({ code: 'required' });
    expect(readOfferForm(form({ amount: '10000,01' }), 'fr-FR', pro).issues.amount?.code).toBe(
      'amountTooBig',
    );
  });

  it('allows a yearly price only once a year', () => {
    expect(
      readOfferForm(form({ interval: 'year', intervalCount: '2' }), 'en-US', pro).issues.intervalCount,
    ).toEqual({
      code: 'numberRange',
      values: { min: 1, max: 1 },
    });
  });
});

describe('editing an offer', () => {
  it('fills the form with the amount written in the merchant’s locale', () => {
    expect(offerFormFrom(offer, 'fr-FR')).toMatchObject({
      amount: '12,50',
      trialDays: '7',
      usageEnabled: true,
    });
    expect(offerFormFrom(offer, 'en-US').amount).toBe('12.50');
  });

  it('sends only what changed', () => {
    const values = { ...offerFormFrom(offer, 'fr-FR'), amount: '14,00', name: 'Morning coffee' };
    const { body } = readOfferForm(values, 'fr-FR', pro);
    expect(offerChanges(offer, body!, pro)).toEqual({ amount_cents: 1400 });
  });

  it('announces a new version when the price of an offer with subscribers moves, not otherwise', () => {
    expect(makesNewVersion(offer, { amount_cents: 1400 })).toBe(true);
    expect(makesNewVersion(offer, { interval: 'year' })).toBe(true);
    expect(makesNewVersion(offer, { name: 'Espresso' })).toBe(false);
    const noSubscribers = {
      ...offer,
      subscriber_count: 0,
      versions: offer.versions.map((v) => ({ ...v, subscriber_count: 0 })),
    };
    expect(makesNewVersion(noSubscribers, { amount_cents: 1400 })).toBe(false);
  });

  it('keeps a reward rule from a former plan when the fields are locked on Starter', () => {
    const withRule = { ...offer, reward_rule: { kind: 'check_ins' as const, every: 5, reward_name: 'Cake' } };
    const { body } = readOfferForm(offerFormFrom(withRule, 'en-US'), 'en-US', starter);
    expect(offerChanges(withRule, body!, starter)).toEqual({});
  });

  it('reads the counter’s grace days (empty is 0, at most 30) and sends them only when changed', () => {
    expect(readOfferForm(form({ amount: '12', graceDays: '3' }), 'en-US', pro).body?.grace_days).toBe(3);
    expect(
      readOfferForm(form({ amount: '12', graceDays: '31' }), 'en-US', pro).issues.graceDays,
    ).toMatchObject({
      code: 'numberRange',
    });
    const values = { ...offerFormFrom(offer, 'fr-FR'), graceDays: '5' };
    expect(offerChanges(offer, readOfferForm(values, 'fr-FR', pro).body!, pro)).toEqual({ grace_days: 5 });
    expect(offerFormFrom({ ...offer, grace_days: 5 }, 'en-US').graceDays).toBe('5');
    expect(formFieldOf('grace_days')).toBe('graceDays');
  });

  it('places the API’s field errors on the form’s fields', () => {
    expect(formFieldOf('amount_cents')).toBe('amount');
    expect(formFieldOf('reward_rule.reward_name')).toBe('rewardName');
    expect(formFieldOf('reward_rule')).toBe('rewardKind');
    expect(formFieldOf('somewhere_else')).toBeNull();
  });
});

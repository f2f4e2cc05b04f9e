import {
  type CreateOfferBody,
  type Locale,
  MAX_PAUSE_PERIODS,
  maxIntervalCount,
  OFFER_DESCRIPTION_MAX_LENGTH,
  OFFER_GRANTS_MAX_LENGTH,
  OFFER_MAX_AMOUNT_CENTS,
  OFFER_MAX_CAPACITY,
  OFFER_MAX_GRACE_DAYS,
  OFFER_MAX_TRIAL_DAYS,
  OFFER_MIN_AMOUNT_CENTS,
  OFFER_NAME_MAX_LENGTH,
  type Offer,
  type OfferInterval,
  REWARD_NAME_MAX_LENGTH,
  type RewardRule,
  type UpdateOfferBody,
  type UsageAllowance,
} from '@nest/contracts';
import { formatMoney, formatMoneyInput, parseMoneyInput } from '@/lib/money';

/** Most uses per period and "every N" of a reward rule, as the API accepts them. */
export const MAX_USES = 1000;
export const MAX_REWARD_EVERY = 1000;

/** What the offer dialog holds: the text of each input, as typed. */
export interface OfferFormValues {
  name: string;
  description: string;
  grants: string;
  amount: string;
  interval: OfferInterval;
  intervalCount: string;
  trialDays: string;
  capacity: string;
  graceDays: string;
  /** Periods a subscriber may pause from their area; empty means they may not (ADR 150). */
  pauseMaxPeriods: string;
  usageEnabled: boolean;
  usageUses: string;
  usagePer: UsageAllowance['per'];
  rewardEnabled: boolean;
  rewardKind: RewardRule['kind'];
  rewardEvery: string;
  rewardName: string;
}

export type OfferField =
  | Exclude<keyof OfferFormValues, 'usageEnabled' | 'rewardEnabled' | 'interval'>
  | 'interval';

/** A failed check: a message key of the offers catalogue ("errors.<code>") and its values. */
export interface FieldIssue {
  code:
    | 'required'
    | 'tooLong'
    | 'amountInvalid'
    | 'amountTooSmall'
    | 'amountTooBig'
    | 'wholeNumber'
    | 'numberRange';
  values?: Record<string, string | number>;
}

export type OfferFormIssues = Partial<Record<OfferField, FieldIssue>>;

export function emptyOfferForm(): OfferFormValues {
  return {
    name: '',
    description: '',
    grants: '',
    amount: '',
    interval: 'month',
    intervalCount: '1',
    trialDays: '',
    capacity: '',
    graceDays: '',
    pauseMaxPeriods: '',
    usageEnabled: false,
    usageUses: '1',
    usagePer: 'day',
    rewardEnabled: false,
    rewardKind: 'check_ins',
    rewardEvery: '10',
    rewardName: '',
  };
}

/** The dialog's values for an existing offer, amounts written the way the merchant's locale types them. */
export function offerFormFrom(offer: Offer, locale: Locale): OfferFormValues {
  return {
    name: offer.name,
    description: offer.description ?? '',
    grants: offer.grants,
    amount: formatMoneyInput(offer.amount_cents, locale),
    interval: offer.interval,
    intervalCount: String(offer.interval_count),
    trialDays: offer.trial_days > 0 ? String(offer.trial_days) : '',
    capacity: offer.capacity === null ? '' : String(offer.capacity),
    graceDays: offer.grace_days > 0 ? String(offer.grace_days) : '',
    pauseMaxPeriods: offer.customer_pause_max_periods > 0 ? String(offer.customer_pause_max_periods) : '',
    usageEnabled: offer.usage_allowance !== null,
    usageUses: String(offer.usage_allowance?.uses ?? 1),
    usagePer: offer.usage_allowance?.per ?? 'day',
    rewardEnabled: offer.reward_rule !== null,
    rewardKind: offer.reward_rule?.kind ?? 'check_ins',
    rewardEvery: String(offer.reward_rule?.every ?? 10),
    rewardName: offer.reward_rule?.reward_name ?? '',
  };
}

/** A whole number typed in a field, or null; never parseInt, which reads "12abc" as 12. */
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[0-9]{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

function text(value: string, max: number, required: boolean): { value: string; issue?: FieldIssue } {
  const trimmed = value.trim();
  if (required && trimmed === '') return { value: trimmed, issue: { code: 'required' } };
  if (trimmed.length > max) return { value: trimmed, issue: { code: 'tooLong', values: { max } } };
  return { value: trimmed };
}

function bounded(
  value: string,
  min: number,
  max: number,
  options: { emptyAs?: number | null } = {},
): { value: number | null; issue?: FieldIssue } {
  if (value.trim() === '' && options.emptyAs !== undefined) return { value: options.emptyAs };
  const n = wholeNumber(value);
  if (n === null) return { value: null, issue: { code: 'wholeNumber' } };
  if (n < min || n > max) return { value: null, issue: { code: 'numberRange', values: { min, max } } };
  return { value: n };
}

export interface ReadOfferForm {
  /** Set when every check passed: what POST /offers takes. */
  body: CreateOfferBody | null;
  issues: OfferFormIssues;
}

/**
 * Checks the form the way the API will (contracts' limits), so the merchant sees each problem next to
 * its field before sending, in their language; the API's own answer is still shown when it disagrees.
 * `rewardAllowed` is false on Starter: a rule is then never sent.
 */
export function readOfferForm(
  values: OfferFormValues,
  locale: Locale,
  options: { rewardAllowed: boolean },
): ReadOfferForm {
  const issues: OfferFormIssues = {};
  const note = <T>(field: OfferField, result: { value: T; issue?: FieldIssue }): T => {
    if (result.issue) issues[field] = result.issue;
    return result.value;
  };

  const name = note('name', text(values.name, OFFER_NAME_MAX_LENGTH, true));
  const description = note('description', text(values.description, OFFER_DESCRIPTION_MAX_LENGTH, false));
  const grants = note('grants', text(values.grants, OFFER_GRANTS_MAX_LENGTH, true));

  let amountCents: number | null = null;
  if (values.amount.trim() === '') issues.amount = { code: 'required' };
  else {
    amountCents = parseMoneyInput(values.amount, locale);
    if (amountCents === null) issues.amount = { code: 'amountInvalid' };
    else if (amountCents < OFFER_MIN_AMOUNT_CENTS)
      issues.amount = {
        code: 'amountTooSmall',
        values: { min: formatMoney(OFFER_MIN_AMOUNT_CENTS, 'EUR', locale) },
      };
    else if (amountCents > OFFER_MAX_AMOUNT_CENTS)
      issues.amount = {
        code: 'amountTooBig',
        values: { max: formatMoney(OFFER_MAX_AMOUNT_CENTS, 'EUR', locale) },
      };
  }

  const intervalCount = note(
    'intervalCount',
    bounded(values.intervalCount, 1, maxIntervalCount[values.interval]),
  );
  const trialDays = note('trialDays', bounded(values.trialDays, 0, OFFER_MAX_TRIAL_DAYS, { emptyAs: 0 }));
  const capacity = note('capacity', bounded(values.capacity, 1, OFFER_MAX_CAPACITY, { emptyAs: null }));
  const graceDays = note('graceDays', bounded(values.graceDays, 0, OFFER_MAX_GRACE_DAYS, { emptyAs: 0 }));
  const pauseMaxPeriods = note(
    'pauseMaxPeriods',
    bounded(values.pauseMaxPeriods, 0, MAX_PAUSE_PERIODS, { emptyAs: 0 }),
  );

  let usageAllowance: UsageAllowance | null = null;
  if (values.usageEnabled) {
    const uses = note('usageUses', bounded(values.usageUses, 1, MAX_USES));
    if (uses !== null) usageAllowance = { uses, per: values.usagePer };
  }

  let rewardRule: RewardRule | null = null;
  if (values.rewardEnabled && options.rewardAllowed) {
    const every = note('rewardEvery', bounded(values.rewardEvery, 1, MAX_REWARD_EVERY));
    const rewardName = note('rewardName', text(values.rewardName, REWARD_NAME_MAX_LENGTH, true));
    if (every !== null && rewardName)
      rewardRule = { kind: values.rewardKind, every, reward_name: rewardName };
  }

  if (
    Object.keys(issues).length > 0 ||
    amountCents === null ||
    intervalCount === null ||
    trialDays === null ||
    graceDays === null ||
    pauseMaxPeriods === null
  ) {
    return { body: null, issues };
  }
  return {
    body: {
      name,
      description: description === '' ? null : description,
      grants,
      amount_cents: amountCents,
      interval: values.interval,
      interval_count: intervalCount,
      trial_days: trialDays,
      capacity,
      usage_allowance: usageAllowance,
      reward_rule: rewardRule,
      grace_days: graceDays,
      customer_pause_max_periods: pauseMaxPeriods,
    },
    issues,
  };
}

/** Only what changed, so an edit never rewrites (or re-versions) what the merchant did not touch. */
export function offerChanges(
  offer: Offer,
  body: CreateOfferBody,
  options: { rewardAllowed: boolean },
): UpdateOfferBody {
  const changes: UpdateOfferBody = {};
  if (body.name !== offer.name) changes.name = body.name;
  if ((body.description ?? null) !== offer.description) changes.description = body.description ?? null;
  if (body.grants !== offer.grants) changes.grants = body.grants;
  if (body.amount_cents !== offer.amount_cents) changes.amount_cents = body.amount_cents;
  if (body.interval !== offer.interval) changes.interval = body.interval;
  if ((body.interval_count ?? 1) !== offer.interval_count) changes.interval_count = body.interval_count;
  if ((body.trial_days ?? 0) !== offer.trial_days) changes.trial_days = body.trial_days;
  if ((body.capacity ?? null) !== offer.capacity) changes.capacity = body.capacity ?? null;
  if ((body.grace_days ?? 0) !== offer.grace_days) changes.grace_days = body.grace_days;
  if ((body.customer_pause_max_periods ?? 0) !== offer.customer_pause_max_periods)
    changes.customer_pause_max_periods = body.customer_pause_max_periods;
  if (!sameJson(body.usage_allowance ?? null, offer.usage_allowance))
    changes.usage_allowance = body.usage_allowance ?? null;
  // On Starter the reward fields are locked: a rule kept from a former Pro plan stays as it is.
  if (options.rewardAllowed && !sameJson(body.reward_rule ?? null, offer.reward_rule))
    changes.reward_rule = body.reward_rule ?? null;
  return changes;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** True when saving these changes makes a new price version: the price moved and somebody subscribed. */
export function makesNewVersion(offer: Offer, changes: UpdateOfferBody): boolean {
  const priceMoved =
    changes.amount_cents !== undefined ||
    changes.interval !== undefined ||
    changes.interval_count !== undefined;
  // The API versions when the current price ever had a subscriber; former (cancelled) ones are not
  // counted here, so this can only under-announce, never announce a version that will not be made.
  const current = offer.versions.find((v) => v.current);
  const hadSubscribers = (current?.subscriber_count ?? offer.subscriber_count) > 0;
  return priceMoved && hadSubscribers;
}

/** The form field an API field error belongs to ("reward_rule.every" → rewardEvery). */
export function formFieldOf(apiField: string): OfferField | null {
  const map: Record<string, OfferField> = {
    name: 'name',
    description: 'description',
    grants: 'grants',
    amount_cents: 'amount',
    interval: 'interval',
    interval_count: 'intervalCount',
    trial_days: 'trialDays',
    capacity: 'capacity',
    grace_days: 'graceDays',
    customer_pause_max_periods: 'pauseMaxPeriods',
    usage_allowance: 'usageUses',
    'usage_allowance.uses': 'usageUses',
    'usage_allowance.per': 'usagePer',
    reward_rule: 'rewardKind',
    'reward_rule.kind': 'rewardKind',
    'reward_rule.every': 'rewardEvery',
    'reward_rule.reward_name': 'rewardName',
  };
  return map[apiField.replace(/^body\./, '')] ?? null;
}

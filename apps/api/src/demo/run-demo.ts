import { and, eq, gte, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { nestCustomers, nestSubscriptions, nestTransactions } from '../db/schema/index.js';
import { customerCookieName } from '../modules/customers/customer-cookie.js';
import { openCustomerSession } from '../modules/customers/customer-session.js';
import type { SandboxDeps } from '../payments/sandbox/context.js';
import { runPayouts } from '../payments/sandbox/payouts.js';
import { runBillingClock } from '../payments/sandbox/renew-subscriptions.js';
import type { ShiftedClock } from './shifted-clock.js';

/**
 * The demo (ADR 145): a café on the Pro plan lives through `days` of business while the process's
 * clock runs forward. Everything goes through the app's own routes, as the browser, the hosted
 * sandbox pages and the counter send them, and through the sandbox's billing clock: sign-up, the
 * plan's checkout, the nest, payout onboarding, offers and links; then day by day customers subscribe
 * through the links (a few with a card that fails at renewal), renewals, dunning and payouts run,
 * some customers update their card after a failure, the merchant cancels and refunds, and the counter
 * checks customers in and hands over their rewards.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const CARDS = {
  ok: '4242 4242 4242 4242',
  failsAtRenewal: '4000 0000 0000 0341',
  declined: '4000 0000 0000 0002',
} as const;

export interface DemoOptions {
  email: string;
  password: string;
  /** How many customers subscribe over the period. */
  customers: number;
  /** How many days of history, ending now. */
  days: number;
  /** Makes the same history for the same numbers. */
  seed?: number;
  /** How often things go wrong (a smaller run raises them so each happens at least once). */
  rates?: Partial<DemoRates>;
  log?: (line: string) => void;
}

export interface DemoRates {
  /** Share of new customers whose card pays now and fails at the next renewal. */
  failingCard: number;
  /** Chance a day's payment is refunded (in full or half). */
  refund: number;
  /** Chance an active subscription is cancelled on a given day. */
  cancel: number;
}

const DEFAULT_RATES: DemoRates = { failingCard: 0.08, refund: 0.02, cancel: 0.0022 };

export interface DemoResult {
  merchantId: string;
  nestId: string;
  checkouts: number;
  checkIns: number;
  recoveries: number;
  cancellations: number;
  refunds: number;
  rewardsRedeemed: number;
}

interface DemoOffer {
  body: Record<string, unknown>;
  /** Share of new customers. */
  share: number;
  /** Chance a live subscriber comes to the counter on a given day. */
  visits: number;
}

const OFFERS: DemoOffer[] = [
  {
    body: {
      name: 'Morning coffee',
      description: 'A filter coffee or an espresso every morning.',
      grants: 'One coffee a day at the counter',
      amount_cents: 2900,
      interval: 'month',
      reward_rule: { kind: 'check_ins', every: 10, reward_name: 'Free pastry' },
      grace_days: 3,
    },
    share: 0.45,
    visits: 0.45,
  },
  {
    body: {
      name: 'Lunch club',
      description: 'The dish of the day, Monday to Friday.',
      grants: 'One lunch menu a day',
      amount_cents: 4900,
      interval: 'month',
      trial_days: 7,
    },
    share: 0.25,
    visits: 0.3,
  },
  {
    body: {
      name: 'Bread of the week',
      description: 'A sourdough loaf to pick up every week.',
      grants: 'One loaf a week',
      amount_cents: 700,
      interval: 'week',
      usage_allowance: { per: 'week', uses: 1 },
    },
    share: 0.15,
    visits: 0.14,
  },
  {
    body: {
      name: 'Coffee lover, yearly',
      description: 'Two coffees a day for a year, two months free.',
      grants: 'Two coffees a day at the counter',
      amount_cents: 29_000,
      interval: 'year',
      trial_days: 14,
    },
    share: 0.15,
    visits: 0.4,
  },
];

const FIRST_NAMES = [
  'Camille',
  'Léa',
  'Hugo',
  'Chloé',
  'Lucas',
  'Manon',
  'Louis',
  'Inès',
  'Jules',
  'Emma',
  'Nathan',
  'Sarah',
  'Arthur',
  'Jade',
  'Théo',
  'Alice',
  'Noah',
  'Zoé',
  'Gabriel',
  'Lina',
  'Olivia',
  'James',
  'Sophie',
  'Daniel',
  'Maya',
  'Samuel',
  'Nora',
  'Adam',
  'Eva',
  'Paul',
];
const LAST_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
  'Roux',
  'Fournier',
  'Girard',
  'Bonnet',
  'Dupont',
  'Lambert',
  'Fontaine',
  'Rousseau',
  'Vincent',
  'Muller',
  'Smith',
  'Brown',
];

/** A small seeded generator (mulberry32): the same seed makes the same demo. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Cookies = Record<string, string>;

function cookiesOf(response: LightMyRequestResponse): Cookies {
  return Object.fromEntries(
    response.cookies.filter((c) => c.value !== '' && (c.maxAge ?? 1) > 0).map((c) => [c.name, c.value]),
  );
}

const cardForm = (number: string, name: string) =>
  new URLSearchParams({
    card_number: number,
    card_expiry: '12 / 34',
    card_cvc: '123',
    card_name: name,
  }).toString();

export async function runDemo(
  app: FastifyInstance,
  clock: ShiftedClock,
  options: DemoOptions,
): Promise<DemoResult> {
  const rand = random(options.seed ?? 20_261_124);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const log = options.log ?? (() => {});
  const rates = { ...DEFAULT_RATES, ...options.rates };
  const deps: SandboxDeps = { db: app.db, jobs: app.jobs, publicUrl: app.config.publicUrl };

  async function call(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    init: { cookies?: Cookies; payload?: unknown; form?: string; ip?: string; expect?: number[] } = {},
  ): Promise<LightMyRequestResponse> {
    const response = await app.inject({
      method,
      url,
      ...(init.cookies ? { cookies: init.cookies } : {}),
      ...(init.ip ? { remoteAddress: init.ip } : {}),
      ...(init.form !== undefined
        ? { payload: init.form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
        : init.payload !== undefined
          ? { payload: init.payload as object }
          : {}),
    });
    const expected = init.expect ?? [200, 201, 202, 204, 303];
    if (!expected.includes(response.statusCode)) {
      throw new Error(
        `demo: ${method} ${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`,
      );
    }
    return response;
  }

  /** The sandbox's billing clock up to the process's now, then every event delivered. */
  async function settle() {
    await runBillingClock(deps);
    await runPayouts(deps);
    await app.jobs.drain();
  }

  // Day 0: the merchant signs up, pays the Pro plan, opens the nest, connects payouts, sells offers.
  const signUp = await call('POST', '/api/v1/users', {
    payload: {
      email: options.email,
      password: options.password,
      name: 'Camille Martin',
      locale: 'en-US',
      time_zone: 'Europe/Paris',
    },
  });
  const merchantId = (signUp.json() as { id: string }).id;
  let merchant = cookiesOf(signUp);
  let accessUntil = clock.now() + 9 * 60 * 1000;
  /**
   * The merchant's cookies, kept fresh as the web app keeps them: the access token lasts minutes, so
   * it is renewed with the refresh token; a session past its end means signing in again.
   */
  async function merchantCookies(): Promise<Cookies> {
    if (clock.now() < accessUntil) return merchant;
    const refreshed = await call('GET', '/api/v1/users/refresh-tokens', {
      cookies: merchant,
      expect: [200, 204, 401],
    });
    if (refreshed.statusCode === 401) {
      const signedIn = await call('POST', '/api/v1/users/login', {
        payload: { email: options.email, password: options.password },
      });
      merchant = cookiesOf(signedIn);
    } else {
      merchant = { ...merchant, ...cookiesOf(refreshed) };
    }
    accessUntil = clock.now() + 9 * 60 * 1000;
    return merchant;
  }
  const planCheckout = await call('POST', `/api/v1/users/${merchantId}/plan/checkout`, {
    cookies: merchant,
    payload: { plan: 'pro' },
  });
  await call('POST', new URL((planCheckout.json() as { url: string }).url).pathname, {
    form: cardForm(CARDS.ok, 'Camille Martin'),
  });
  await app.jobs.drain();
  const nest = (
    await call('POST', '/api/v1/nests', {
      cookies: merchant,
      payload: {
        name: 'Café Lumière',
        category: 'cafe',
        description: 'Coffee, lunch and bread subscriptions in the 11th.',
        address: { line1: '12 rue Oberkampf', postal_code: '75011', city: 'Paris', country: 'FR' },
        time_zone: 'Europe/Paris',
      },
    })
  ).json() as { id: string };
  const onboarding = await call('POST', '/api/v1/nests/me/payout-account', { cookies: merchant });
  const onboardingUrl = new URL((onboarding.json() as { url: string }).url);
  await call('POST', `${onboardingUrl.pathname}${onboardingUrl.search}`, {
    form: new URLSearchParams({
      business_name: 'Café Lumière SARL',
      iban: 'FR1420041010050500013M02606',
    }).toString(),
  });
  await app.jobs.drain();
  await call('PATCH', `/api/v1/users/${merchantId}/stripe/payout-settings`, {
    cookies: merchant,
    payload: { interval: 'weekly', weekly_anchor: 'monday' },
  });
  const links: string[] = [];
  for (const offer of OFFERS) {
    const created = (
      await call('POST', '/api/v1/offers', { cookies: merchant, payload: offer.body })
    ).json() as {
      id: string;
    };
    const link = (
      await call('POST', '/api/v1/links', {
        cookies: merchant,
        payload: { offer_id: created.id, label: 'Counter' },
      })
    ).json() as { nest_link_id: string };
    links.push(link.nest_link_id);
  }
  log(`merchant ${options.email} on the Pro plan, nest ${nest.id}, ${OFFERS.length} offers`);

  const result: DemoResult = {
    merchantId,
    nestId: nest.id,
    checkouts: 0,
    checkIns: 0,
    recoveries: 0,
    cancellations: 0,
    refunds: 0,
    rewardsRedeemed: 0,
  };
  /** Each subscription's customer and offer, as the demo made them. */
  const people = new Map<string, { offer: number }>();
  const pastDueSince = new Map<string, number>();
  const recovering = new Set<string>();
  /** Payments refunded once already (a payment is looked at on two days). */
  const refunded = new Set<string>();

  async function subscribe(offerIndex: number, n: number) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const email = `${first}.${last}.${n}@example.com`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '');
    const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const page = (await call('GET', `/api/v1/public/links/${links[offerIndex]}`, { ip })).json() as {
      price_version_id: string;
    };
    const started = await call('POST', `/api/v1/public/links/${links[offerIndex]}/checkout`, {
      ip,
      payload: {
        email,
        name: `${first} ${last}`,
        price_version_id: page.price_version_id,
        locale: rand() < 0.6 ? 'fr-FR' : 'en-US',
      },
    });
    const path = new URL((started.json() as { url: string }).url).pathname;
    const roll = rand();
    // A few first try a card that is declined, then pay with another.
    if (roll < 0.04)
      await call('POST', path, { form: cardForm(CARDS.declined, `${first} ${last}`), expect: [402] });
    const card = roll > 1 - rates.failingCard ? CARDS.failsAtRenewal : CARDS.ok;
    await call('POST', path, { form: cardForm(card, `${first} ${last}`) });
    await app.jobs.drain();
    result.checkouts++;
    return email;
  }

  const weights = Array.from({ length: options.days }, (_, day) => 0.4 + (1.2 * day) / options.days);
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  let arrived = 0;
  const start = clock.now();

  for (let day = 0; day < options.days; day++) {
    const dayStart = start + day * DAY;
    const at = (hours: number) => clock.setTo(dayStart + hours * HOUR);
    at(0.5);
    await settle();

    // Morning to evening at the counter: the live subscribers who come today.
    const live = await app.db
      .select({
        id: nestSubscriptions.id,
        status: nestSubscriptions.status,
        customerId: nestSubscriptions.customerId,
        cancelAtPeriodEnd: nestSubscriptions.cancelAtPeriodEnd,
      })
      .from(nestSubscriptions)
      .where(
        and(
          eq(nestSubscriptions.nestId, nest.id),
          inArray(nestSubscriptions.status, ['trialing', 'active', 'past_due']),
        ),
      )
      .orderBy(nestSubscriptions.createdAt, nestSubscriptions.id);
    // Older days are lighter at the counter: the charts show the last 30 days, the figures two months.
    const busy = options.days - day <= 62 ? 0.4 : 0.06;
    const visitors = live.filter((sub) => {
      const offer = people.get(sub.id)?.offer ?? 0;
      return sub.status !== 'past_due' || rand() < 0.3 ? rand() < OFFERS[offer]!.visits * busy : false;
    });
    let hour = 7;
    const step = visitors.length > 0 ? 10 / visitors.length : 0;
    for (const sub of visitors) {
      hour = Math.min(18, hour + step * (0.5 + rand()));
      at(hour);
      const answer = (
        await call('POST', '/api/v1/nests/me/verifications', {
          cookies: await merchantCookies(),
          payload: { subscription_id: sub.id },
        })
      ).json() as { reward?: { waiting: { id: string }[] } | null };
      result.checkIns++;
      for (const reward of answer.reward?.waiting ?? []) {
        if (rand() < 0.7) {
          await call('POST', `/api/v1/nests/me/rewards/${reward.id}/redeem`, {
            cookies: await merchantCookies(),
          });
          result.rewardsRedeemed++;
        }
      }
    }

    // New customers through the links, through the day.
    cumulative += weights[day]!;
    const due = Math.round((options.customers * cumulative) / totalWeight) - arrived;
    for (let i = 0; i < due; i++) {
      at(9 + (9 * (i + 1)) / (due + 1));
      const roll = rand();
      let offerIndex = 0;
      for (let acc = 0; offerIndex < OFFERS.length - 1; offerIndex++) {
        acc += OFFERS[offerIndex]!.share;
        if (roll < acc) break;
      }
      const email = await subscribe(offerIndex, ++arrived);
      const [sub] = await app.db
        .select({ id: nestSubscriptions.id })
        .from(nestSubscriptions)
        .innerJoin(nestCustomers, eq(nestCustomers.id, nestSubscriptions.customerId))
        .where(and(eq(nestSubscriptions.nestId, nest.id), eq(nestCustomers.email, email)));
      if (sub) people.set(sub.id, { offer: offerIndex });
    }

    // After a failed renewal most customers put in another card within a few days; the others lapse.
    at(19);
    for (const sub of live) {
      if (sub.status !== 'past_due') {
        pastDueSince.delete(sub.id);
        continue;
      }
      if (!pastDueSince.has(sub.id)) {
        pastDueSince.set(sub.id, day);
        if (rand() < 0.65) recovering.add(sub.id);
        continue;
      }
      if (!recovering.has(sub.id) || day - pastDueSince.get(sub.id)! < 2) continue;
      recovering.delete(sub.id);
      const session = await app.db.transaction((tx) =>
        openCustomerSession(tx, { customerId: sub.customerId }),
      );
      const customer = { [customerCookieName(app.config)]: session.token };
      const update = await call('POST', `/api/v1/payments/external/nest-subs/${sub.id}/card-update-session`, {
        cookies: customer,
      });
      await call('POST', new URL((update.json() as { url: string }).url).pathname, {
        form: cardForm(CARDS.ok, 'Card holder'),
      });
      await app.jobs.drain();
      result.recoveries++;
    }

    // The merchant cancels a few at a customer's request, most at the end of what they paid for.
    at(20);
    for (const sub of live) {
      if (sub.status !== 'active' || sub.cancelAtPeriodEnd || rand() > rates.cancel) continue;
      const when = rand() < 0.8 ? 'period_end' : 'now';
      await call(
        'POST',
        `/api/v1/nests/${nest.id}/nest-customers/${sub.customerId}/subscriptions/${sub.id}/cancellation`,
        {
          cookies: await merchantCookies(),
          payload: { when },
        },
      );
      result.cancellations++;
    }

    // And refunds a few of the day's payments, in full or in part.
    at(21);
    const paid = await app.db
      .select({ id: nestTransactions.id, amountCents: nestTransactions.amountCents })
      .from(nestTransactions)
      .where(
        and(
          eq(nestTransactions.nestId, nest.id),
          eq(nestTransactions.kind, 'payment'),
          eq(nestTransactions.status, 'succeeded'),
          gte(nestTransactions.occurredAt, new Date(dayStart - DAY)),
        ),
      );
    for (const payment of paid) {
      if (refunded.has(payment.id) || rand() > rates.refund) continue;
      refunded.add(payment.id);
      const amount = rand() < 0.5 ? payment.amountCents : Math.round(payment.amountCents / 2);
      await call('POST', `/api/v1/users/${merchantId}/stripe/transactions/${payment.id}/refund`, {
        cookies: await merchantCookies(),
        payload: { amount_cents: amount, reason: 'requested_by_customer' },
      });
      result.refunds++;
    }
    // Their events, and the counter's emails, go out with the next settle (one drain a day is enough).

    if (day % 30 === 29)
      log(`day ${day + 1}/${options.days}: ${arrived} customers, ${result.checkIns} check-ins`);
  }
  clock.setTo(Date.now() + DAY);
  await settle();
  return result;
}

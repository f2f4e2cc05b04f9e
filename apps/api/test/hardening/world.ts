import type { Link } from '@nest/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { nestInvoices, nestSubscriptions, rewards } from '../../src/db/schema/index.js';
import { signPass } from '../../src/modules/subscriptions/pass-sign.js';
import { customerEmail, signInCustomer } from '../customers/support.js';
import { TEST_MERCHANT_PASSWORD } from '../fixtures/merchants.js';
import {
  createLinkFor,
  type SellingMerchant,
  sellingMerchant,
  subscribeThroughLink,
} from '../links/support.js';

export type CallerName = 'anonymous' | 'merchant' | 'customer';

/**
 * What the fuzz test calls the API about: a Pro merchant with a nest, an offer with a reward after each
 * check-in, payouts and a link; a customer who subscribed through the link, paid, checked in once and
 * earned a reward. The ids and values it holds are offered to the arbitraries so that requests get
 * past "not found" into the code that writes.
 */
export interface World {
  merchant: SellingMerchant;
  link: Link;
  customer: { email: string; cookies: Record<string, string> };
  /** Body and query values by property name. */
  known: Record<string, readonly unknown[]>;
  /** Path parameter values by the segment before the parameter (`offers` for /offers/{id}) or its name. */
  pathIds: Record<string, readonly string[]>;
}

async function ok(response: { statusCode: number; body: string }, what: string, status = 200) {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return JSON.parse(response.body);
}

export async function seedWorld(app: FastifyInstance): Promise<World> {
  const merchant = await sellingMerchant(app, {
    plan: 'pro',
    offer: { reward_rule: { kind: 'check_ins', every: 1, reward_name: 'Free croissant' } },
  });
  const link = await createLinkFor(app, merchant, merchant.offer.id);
  const email = customerEmail();
  const checkout = await subscribeThroughLink(app, link.nest_link_id, { email });
  const [subscription] = await app.db.select().from(nestSubscriptions);
  if (!subscription) throw new Error('the customer has no subscription');
  const pass = signPass(app.config.passSecret, {
    nestId: subscription.nestId,
    subscriptionId: subscription.id,
  });
  await ok(
    await app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/verifications',
      cookies: merchant.cookies,
      payload: { token: pass.token },
    }),
    'check-in',
  );
  const customerCookies = await signInCustomer(app, email, anotherAddress());
  const plan = await ok(
    await app.inject({
      method: 'GET',
      url: `/api/v1/users/${merchant.user.id}/get-plan`,
      cookies: merchant.cookies,
    }),
    'plan',
  );
  const publicLink = await ok(
    await app.inject({ method: 'GET', url: `/api/v1/public/links/${link.nest_link_id}` }),
    'public link',
  );
  const invoiceIds = (await app.db.select({ id: nestInvoices.id }).from(nestInvoices)).map((r) => r.id);
  const rewardIds = (await app.db.select({ id: rewards.id }).from(rewards)).map((r) => r.id);
  const nestId = merchant.offer.nest_id;

  return {
    merchant,
    link,
    customer: { email, cookies: customerCookies },
    known: {
      email: [merchant.user.email, email],
      password: [TEST_MERCHANT_PASSWORD],
      current_password: [TEST_MERCHANT_PASSWORD],
      offer_id: [merchant.offer.id],
      price_version_id: [publicLink.price_version_id],
      invoice_id: invoiceIds,
      token: [pass.token],
      code: [pass.code],
      time_zone: ['Europe/Paris', 'America/New_York', 'UTC'],
      country: ['FR', 'BE'],
      query: [email.slice(0, 8)],
      // A few days at a time: advancing the sandbox's clock by a year bills every period on the way.
      days: [1, 7, 31],
    },
    pathIds: {
      users: [merchant.user.id],
      nests: [nestId, 'me'],
      offers: [merchant.offer.id],
      links: [link.id],
      'public/links': [link.nest_link_id],
      'checkout-sessions': [checkout.sessionId],
      'payout-accounts': merchant.accountId ? [merchant.accountId] : [],
      subscriptions: [subscription.id, plan.subscription_id].filter(Boolean),
      'nest-subs': [subscription.id],
      rewards: rewardIds,
    },
  };
}

let addresses = 0;
/** A client address of its own for each sign-in, out of reach of the limits the fuzz runs into. */
const anotherAddress = () => `10.77.${Math.floor(++addresses / 250)}.${addresses % 250}`;

/** The caller's cookies, after signing them in again if a request of the fuzz signed them out. */
export async function cookiesOf(app: FastifyInstance, world: World, caller: CallerName) {
  if (caller === 'anonymous') return {};
  if (caller === 'merchant') {
    const me = await app.inject({ method: 'GET', url: '/api/v1/users/me', cookies: world.merchant.cookies });
    // Logged out: a merchant of its own, in the same state, takes over.
    if (me.statusCode !== 200) Object.assign(world, await seedWorld(app));
    return world.merchant.cookies;
  }
  const me = await app.inject({
    method: 'GET',
    url: '/api/v1/nest-customers/me',
    cookies: world.customer.cookies,
  });
  if (me.statusCode !== 200) {
    try {
      world.customer.cookies = await signInCustomer(app, world.customer.email, anotherAddress());
    } catch {
      // The fuzz spent the email's sign-in codes: another customer of another merchant takes over.
      Object.assign(world, await seedWorld(app));
    }
  }
  return world.customer.cookies;
}

/**
 * Puts the offer and its link back on sale, in case an earlier operation archived or switched them off,
 * and takes the price the link shows now (an accepted PATCH /offers makes a new price version).
 */
export async function keepSelling(app: FastifyInstance, world: World) {
  const cookies = world.merchant.cookies;
  await app.inject({ method: 'POST', url: `/api/v1/offers/${world.merchant.offer.id}/restore`, cookies });
  await app.inject({
    method: 'PATCH',
    url: `/api/v1/links/${world.link.id}`,
    cookies,
    payload: { active: true },
  });
  const page = await app.inject({ method: 'GET', url: `/api/v1/public/links/${world.link.nest_link_id}` });
  if (page.statusCode === 200)
    world.known = { ...world.known, price_version_id: [page.json().price_version_id] };
}

/**
 * Row counts of every table of the public schema, in one query. Nothing needs ignoring today: the
 * limiters count failed logins and codes in memory or Redis, never in a table. A table that must
 * change on a refused request (an attempt counter) would be listed here with why.
 */
export const TABLES_A_REFUSAL_MAY_CHANGE: readonly string[] = [];

/** Both drivers answer raw queries with { rows }; the shared Db type does not say so. */
async function query<Row>(app: FastifyInstance, statement: SQL): Promise<Row[]> {
  return ((await app.db.execute(statement)) as unknown as { rows: Row[] }).rows;
}

const countQueries = new WeakMap<FastifyInstance, SQL>();
/**
 * The row counts of every table of the public schema (but those above). The fuzz asks after every
 * request; as one plain query, PostgreSQL parsed and planned its union of every table each time (more
 * than half the fuzz's run), so the query is a PL/pgSQL function in a schema of its own, which keeps
 * its plan.
 */
export async function rowCounts(app: FastifyInstance): Promise<Record<string, number>> {
  let counts = countQueries.get(app);
  if (!counts) {
    const tables = await query<{ table_name: string }>(
      app,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    const union = tables
      .map((r) => r.table_name)
      .filter((name) => !TABLES_A_REFUSAL_MAY_CHANGE.includes(name))
      .map((name) => `select '${name}'::text, count(*)::int from public."${name}"`)
      .join(' union all ');
    await query(app, sql.raw('create schema if not exists nest_fuzz'));
    await query(
      app,
      sql.raw(
        `create or replace function nest_fuzz.row_counts() returns table (name text, n int) language plpgsql as $$ begin return query ${union}; end $$`,
      ),
    );
    counts = sql`select name, n from nest_fuzz.row_counts()`;
    countQueries.set(app, counts);
  }
  const rows = await query<{ name: string; n: number }>(app, counts);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}

/** Row counts with the write-ahead log position they were read at. */
export interface Counted {
  wal: string;
  counts: Record<string, number>;
}

/**
 * The row counts now, given `before`'s: read again only when the write-ahead log moved since, as it
 * does for every row inserted, updated or deleted in a table (and for some reads' page clean-ups,
 * which only cost a recount). Most fuzzed requests are refused without a write, and the counts after
 * each were a third of the fuzz's time on PGlite, whose log is this database's alone. On PostgreSQL
 * the log is the server's, which other test databases write to meanwhile: counted again more often.
 */
export async function countedSince(app: FastifyInstance, before?: Counted): Promise<Counted> {
  const [row] = await query<{ wal: string }>(app, sql`select pg_current_wal_insert_lsn()::text as wal`);
  const wal = row!.wal;
  if (before && before.wal === wal) return before;
  return { wal, counts: await rowCounts(app) };
}

import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildForCluster,
  Client,
  type Cluster,
  type ClusterOnDatabase,
  clusterOnFreshDatabase,
  GOOD_CARD,
  ok,
  sellingMerchant,
  uniqueAddress,
  uniqueEmail,
} from './support.js';

/**
 * Issue 22's crash points (ADRs 190, 191): the process that runs the jobs is killed with SIGKILL at a
 * chosen point of a customer's checkout — after the payment's commit with the job that delivers its
 * event claimed but not run, after that job's work but before it was recorded as done, and after the
 * webhook applied the event but before it acknowledged it. After a restart, the customer's outcome is
 * exactly the one of a checkout without a crash.
 */
const DELIVER = 'payments.sandbox.deliver-event';
const POINTS = [`job:${DELIVER}:claimed`, `job:${DELIVER}:ran`, 'webhook:handled'];

describe('a process killed at a crash point ends as if it had not crashed', () => {
  let cluster: Cluster;
  let db: pg.Client;
  let running: ClusterOnDatabase | undefined;

  beforeAll(async () => {
    buildForCluster();
    running = await clusterOnFreshDatabase({
      serverUrl: process.env.TEST_DATABASE_URL!,
      prefix: 'nest_crash',
      processes: 1,
      // A crashed process's claimed jobs run again once their lease expires: short, for the test.
      extraEnv: { NODE_ENV: 'test', ENABLE_TEST_ROUTES: 'true', JOBS_LEASE_MS: '3000' },
    });
    ({ cluster, db } = running);
  }, 240_000);

  afterAll(async () => running?.close(), 60_000);

  /** Every job done, every sandbox event delivered. */
  async function settled() {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await db.query<{ n: number }>(
        `select (select count(*) from jobs where status in ('pending', 'running') and name <> 'payments.sandbox.billing-clock' and name not like '%prune%')::int
              + (select count(*) from sandbox_events where delivered_at is null)::int as n`,
      );
      if (rows[0]!.n === 0) return;
      if (Date.now() > deadline) throw new Error(`not settled: ${rows[0]!.n} jobs or events left`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  /** What a customer's checkout left: subscriptions, invoices, payments, history, jobs about them. */
  async function outcome(email: string) {
    const { rows: subscriptions } = await db.query(
      `select s.status,
              (select count(*)::int from nest_invoices i where i.subscription_id = s.id and i.status = 'paid') as paid_invoices,
              (select count(*)::int from nest_invoices i where i.subscription_id = s.id) as invoices,
              (select count(*)::int from nest_transactions t where t.subscription_id = s.id and t.kind = 'payment') as payments,
              (select array_agg(e.kind order by e.kind) from subscription_events e where e.subscription_id = s.id) as history
         from nest_subscriptions s join nest_customers c on c.id = s.customer_id
        where lower(c.email) = lower($1)`,
      [email],
    );
    const { rows: customer } = await db.query<{ id: string }>(
      'select id from nest_customers where lower(email) = lower($1)',
      [email],
    );
    const { rows: jobs } = await db.query(
      `select name, status, count(*)::int as n from jobs
        where payload::text like '%' || $1 || '%' or payload::text ilike '%' || $2 || '%'
        group by name, status order by name, status`,
      [customer[0]?.id ?? '-', email],
    );
    return { subscriptions, jobs };
  }

  /** A customer starts a checkout (its events delivered), ready to pay. */
  async function startCheckout(base: string, nestLinkId: string) {
    const buyer = new Client(base, { 'x-forwarded-for': uniqueAddress() });
    const email = uniqueEmail('buyer');
    const page = await ok<{ price_version_id: string }>(
      buyer.get(`/api/v1/public/links/${nestLinkId}`),
      'link',
    );
    const { url } = await ok<{ url: string }>(
      buyer.post(`/api/v1/public/links/${nestLinkId}/checkout`, {
        email,
        name: 'Ana Costa',
        price_version_id: page.price_version_id,
      }),
      'checkout',
    );
    await settled();
    /** Pays on the sandbox's page: the HTTP status, or 0 when the process died before answering. */
    const pay = async () => {
      try {
        const paid = await buyer.request('POST', url, {
          form: { card_number: GOOD_CARD, card_expiry: '12 / 34', card_cvc: '123', card_name: 'Ana Costa' },
        });
        return paid.status;
      } catch {
        return 0;
      }
    };
    return { email, pay };
  }

  it('after the payment’s commit, after the delivery job’s work, and after the webhook applied the event', async () => {
    const shop = await sellingMerchant(cluster.url);
    await settled();

    const baseline = await startCheckout(cluster.url, shop.nestLinkId);
    expect(await baseline.pay()).toBe(303);
    await settled();
    const expected = await outcome(baseline.email);
    expect(expected.subscriptions).toEqual([
      expect.objectContaining({ status: 'active', paid_invoices: 1, payments: 1 }),
    ]);

    for (const point of POINTS) {
      const buyer = await startCheckout(cluster.url, shop.nestLinkId);
      const armed = await ok<{ pid: number }>(
        new Client(cluster.url).post('/api/v1/test/crash-points', { name: point }),
        'arm',
      );
      const crashed = cluster.exited(0);
      // The payment commits with the job that delivers its event; the process dies at the point,
      // usually after the page answered (303), sometimes before (0): the payment is committed either way.
      expect([303, 0], point).toContain(await buyer.pay());
      expect(await crashed, point).toEqual({ code: null, signal: 'SIGKILL' });
      await cluster.start(0);
      await settled();
      const after = await outcome(buyer.email);
      expect(after, `the outcome after a crash at ${point}`).toEqual(expected);
      expect(armed.pid).toBeGreaterThan(0);
    }

    // No provider event was applied twice, whatever was delivered again.
    const { rows: duplicates } = await db.query(
      'select event_id from payment_events group by provider, event_id having count(*) > 1',
    );
    expect(duplicates).toEqual([]);
  }, 300_000);
});

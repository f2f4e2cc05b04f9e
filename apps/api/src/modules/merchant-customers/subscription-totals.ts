import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { checkIns, nestTransactions } from '../../db/schema/index.js';

export const REFRESH_SUBSCRIPTION_TOTALS_JOB = 'merchant-customers.refresh-subscription-totals';

/** How far behind the sorts by total paid and last check-in may be, at most, when the jobs keep up. */
export const SUBSCRIPTION_TOTALS_EVERY_MS = 5_000;

/** Changes taken per statement: a bounded transaction, however many piled up. */
const BATCH = 5_000;

/**
 * What a subscription has paid, net of refunds: its succeeded payments (positive) and succeeded
 * refunds (negative), the dashboard's "revenue collected" rule (ADR 135; disputes are not counted).
 * Read from nest_transactions_subscription_idx. The customers table shows it live, and the job
 * stores it as the sort key: one expression for both.
 */
export const paidBy = (
  subscriptionId: SQL,
) => sql<string>`(select coalesce(sum(${nestTransactions.amountCents}), 0)
  from ${nestTransactions} where ${nestTransactions.subscriptionId} = ${subscriptionId}
  and ${nestTransactions.kind} in ('payment', 'refund') and ${nestTransactions.status} = 'succeeded')`;

/** The last verification that let the customer in and was not undone (check_ins_subscription_idx). */
export const lastCheckInBy = (subscriptionId: SQL) => sql`(select max(${checkIns.checkedAt}) from ${checkIns}
  where ${checkIns.subscriptionId} = ${subscriptionId} and ${checkIns.result} in ('eligible', 'grace')
  and ${checkIns.undoneAt} is null)`;

/** Whether any subscription's totals wait to be refreshed: one look, no lock. */
export async function subscriptionTotalsWait(db: Db): Promise<boolean> {
  const waiting = (await db.execute(
    sql`select exists (select 1 from subscription_total_changes) as any`,
  )) as unknown as { rows: { any: boolean }[] };
  return Boolean(waiting.rows[0]?.any);
}

/**
 * Recomputes the totals of the subscriptions the triggers noted as changed, and forgets those notes
 * (ADR 199). One run at a time, across processes (an advisory lock held to the end of the
 * transaction): two runs could otherwise take notes of one subscription and the older snapshot's
 * figures commit last. A note committed after a run's snapshot stays for the next run, and that run
 * sees its change, so nothing is missed. Returns how many notes it took.
 */
export async function refreshSubscriptionTotals(db: Db): Promise<number> {
  // Most runs find nothing: one cheap look instead of the lock and the statement (ADR 215).
  if (!(await subscriptionTotalsWait(db))) return 0;
  let taken = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('subscription-totals'))`);
      const changed = sql`changed.subscription_id`;
      // Both drivers answer a raw query with its rows (node-postgres' and PGlite's results).
      const result = (await tx.execute(sql`
        with taken as (
          delete from subscription_total_changes where id in (
            select id from subscription_total_changes order by id limit ${BATCH}
          ) returning subscription_id
        ),
        fresh as (
          select changed.subscription_id, ${paidBy(changed)}::bigint as paid_cents,
            coalesce(${lastCheckInBy(changed)}, '-infinity'::timestamptz) as last_check_in_at
          from (select distinct subscription_id from taken) changed
        ),
        updated as (
          update subscription_totals t set paid_cents = fresh.paid_cents, last_check_in_at = fresh.last_check_in_at
          from fresh where t.subscription_id = fresh.subscription_id
            and (t.paid_cents, t.last_check_in_at) is distinct from (fresh.paid_cents, fresh.last_check_in_at)
          returning 1
        )
        select (select count(*) from taken)::int as taken, (select count(*) from updated)::int as updated`)) as {
        rows: { taken: number }[];
      };
      return Number(result.rows[0]?.taken ?? 0);
    });
    taken += count;
    if (count < BATCH) return taken;
  }
}

export function scheduleSubscriptionTotals(app: FastifyInstance): void {
  app.jobs.register(REFRESH_SUBSCRIPTION_TOTALS_JOB, async () => {
    await refreshSubscriptionTotals(app.db);
  });
  // A slot is enqueued only when changes wait: an idle server makes no job row (ADR 216).
  app.jobs.every(REFRESH_SUBSCRIPTION_TOTALS_JOB, SUBSCRIPTION_TOTALS_EVERY_MS, {
    when: () => subscriptionTotalsWait(app.db),
  });
}

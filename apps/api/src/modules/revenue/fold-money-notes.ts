import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';

export const FOLD_MONEY_NOTES_JOB = 'revenue.fold-money-notes';

/** How often the notes are folded. Reads add the notes not yet folded, so this is cost, not lag. */
export const MONEY_NOTES_EVERY_MS = 5_000;

/** Notes of each kind taken per statement: a bounded transaction, however many piled up. */
const BATCH = 10_000;

/** Whether any note waits to be folded: one look, no lock. */
export async function moneyNotesWait(db: Db): Promise<boolean> {
  const waiting = (await db.execute(sql`select exists (select 1 from money_rollup_notes)
    or exists (select 1 from paying_rollup_notes)
    or exists (select 1 from subscription_count_notes) as any`)) as unknown as { rows: { any: boolean }[] };
  return Boolean(waiting.rows[0]?.any);
}

/**
 * Folds the notes the triggers appended into the money summary's rollups (ADR 202), and forgets them,
 * in one statement: a reader sees either the notes or their sums, never both or neither. Each note
 * adds to its quarter-hour and to its UTC day. One run at a time across processes (an advisory lock
 * taken before the statement's snapshot, as ADR 199's job does); notes of a nest deleted since are
 * dropped. Returns how many notes it took.
 */
export async function foldMoneyNotes(db: Db): Promise<number> {
  // Most runs find nothing: one cheap look instead of the lock and the statement (an idle server's
  // CPU, ADR 215). A note committed after this look is folded by the next run, as after a fold.
  if (!(await moneyNotesWait(db))) return 0;
  let taken = 0;
  for (;;) {
    const most = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('money-rollups'))`);
      // Both drivers answer a raw query with its rows (node-postgres' and PGlite's results).
      const result = (await tx.execute(sql`
        with money as (
          delete from money_rollup_notes where id in (
            select id from money_rollup_notes order by id limit ${BATCH}
          ) returning *
        ),
        money_quarters as (
          select nest_id, bucket, sum(revenue_cents) revenue_cents, sum(paid_cents) paid_cents,
            sum(fresh_cents) fresh_cents, sum(started) started, sum(ended) ended, sum(gone) gone,
            sum(check_ins) check_ins
          from money where nest_id in (select id from nests) group by nest_id, bucket
        ),
        money_folded as (
          insert into money_rollups as r
            (nest_id, span, bucket, revenue_cents, paid_cents, fresh_cents, started, ended, gone, check_ins)
          select nest_id, 'quarter', bucket, revenue_cents, paid_cents, fresh_cents, started, ended, gone, check_ins
          from money_quarters
          union all
          select nest_id, 'day', money_day(bucket), sum(revenue_cents), sum(paid_cents), sum(fresh_cents),
            sum(started), sum(ended), sum(gone), sum(check_ins)
          from money_quarters group by nest_id, money_day(bucket)
          on conflict (nest_id, span, bucket) do update set
            revenue_cents = r.revenue_cents + excluded.revenue_cents,
            paid_cents = r.paid_cents + excluded.paid_cents,
            fresh_cents = r.fresh_cents + excluded.fresh_cents,
            started = r.started + excluded.started,
            ended = r.ended + excluded.ended,
            gone = r.gone + excluded.gone,
            check_ins = r.check_ins + excluded.check_ins
          returning 1
        ),
        paying as (
          delete from paying_rollup_notes where id in (
            select id from paying_rollup_notes order by id limit ${BATCH}
          ) returning *
        ),
        paying_quarters as (
          select nest_id, offer_price_id, bucket, sum(paying) paying
          from paying where nest_id in (select id from nests) group by nest_id, offer_price_id, bucket
        ),
        paying_folded as (
          insert into paying_rollups as r (nest_id, span, bucket, offer_price_id, paying)
          select nest_id, 'quarter', bucket, offer_price_id, paying from paying_quarters
          union all
          select nest_id, 'day', money_day(bucket), offer_price_id, sum(paying)
          from paying_quarters group by nest_id, offer_price_id, money_day(bucket)
          on conflict (nest_id, span, bucket, offer_price_id) do update set paying = r.paying + excluded.paying
          returning 1
        ),
        counts as (
          delete from subscription_count_notes where id in (
            select id from subscription_count_notes order by id limit ${BATCH}
          ) returning *
        ),
        counts_folded as (
          insert into subscription_counts as r
            (nest_id, offer_price_id, status, cancel_at_period_end, subscriptions)
          select nest_id, offer_price_id, status, cancel_at_period_end, sum(subscriptions)
          from counts where nest_id in (select id from nests)
          group by nest_id, offer_price_id, status, cancel_at_period_end
          on conflict (nest_id, offer_price_id, status, cancel_at_period_end) do update set
            subscriptions = r.subscriptions + excluded.subscriptions
          returning 1
        )
        select (select count(*) from money)::int as money, (select count(*) from paying)::int as paying,
          (select count(*) from counts)::int as counts,
          (select count(*) from money_folded)::int + (select count(*) from paying_folded)::int
            + (select count(*) from counts_folded)::int as folded`)) as {
        rows: { money: number; paying: number; counts: number }[];
      };
      const row = result.rows[0];
      taken += Number(row?.money ?? 0) + Number(row?.paying ?? 0) + Number(row?.counts ?? 0);
      return Math.max(Number(row?.money ?? 0), Number(row?.paying ?? 0), Number(row?.counts ?? 0));
    });
    if (most < BATCH) return taken;
  }
}

export function scheduleMoneyNotes(app: FastifyInstance): void {
  app.jobs.register(FOLD_MONEY_NOTES_JOB, async () => {
    await foldMoneyNotes(app.db);
  });
  // A slot is enqueued only when notes wait: an idle server makes no job row (ADR 216).
  app.jobs.every(FOLD_MONEY_NOTES_JOB, MONEY_NOTES_EVERY_MS, { when: () => moneyNotesWait(app.db) });
}

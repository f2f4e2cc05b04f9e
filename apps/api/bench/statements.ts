// What the app says to PostgreSQL: the statements one request sends (recorded at the driver), and
// their plans with real timings (EXPLAIN ANALYZE), so a bench can show where a request's time goes.
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export type QueryConfig = {
  text: string;
  values?: unknown[];
  name?: string;
  rowMode?: string;
  types?: unknown;
};

/**
 * The statements one run of `run` sends to PostgreSQL (every pg client of this process), recorded
 * three times, keeping the shortest: a background write of the app (the visit counter's flush, the
 * job poller) that happened to fall in one recording is not the request's.
 */
export async function recordStatements(run: () => Promise<unknown>): Promise<QueryConfig[]> {
  const recordings = [await recordOnce(run), await recordOnce(run), await recordOnce(run)];
  return recordings.reduce((shortest, r) => (r.length < shortest.length ? r : shortest));
}

async function recordOnce(run: () => Promise<unknown>): Promise<QueryConfig[]> {
  const recorded: QueryConfig[] = [];
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; only the config-object form is recorded.
  pg.Client.prototype.query = function (this: pg.Client, config: any, ...rest: any[]) {
    if (config && typeof config === 'object' && typeof config.text === 'string') {
      const values = config.values ?? (Array.isArray(rest[0]) ? rest[0] : undefined);
      recorded.push({ ...config, values: values ? [...values] : undefined });
    } else if (typeof config === 'string') {
      recorded.push({ text: config, values: Array.isArray(rest[0]) ? rest[0] : undefined });
    }
    // biome-ignore lint/suspicious/noExplicitAny: forwards whatever the caller passed.
    return (original as any).call(this, config, ...rest);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return recorded;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement, in a transaction rolled back (a write or a row lock
 * is really done, then undone): answers, per statement, its first line and the plan.
 */
export async function explainStatements(url: string, statements: QueryConfig[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const plans: { statement: string; plan: string[] }[] = [];
  try {
    for (const statement of statements) {
      if (/^\s*(begin|commit|rollback|savepoint|release)/i.test(statement.text)) continue;
      await client.query('begin');
      try {
        const explain = () =>
          client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers, costs off) ${statement.text}`,
            statement.values as unknown[],
          );
        // The second run is the one shown: the first pays this connection's one-time costs
        // (catalog caches, compiling a PL/pgSQL function), which a pooled connection pays once.
        await explain();
        const result = await explain();
        plans.push({
          statement: statement.text.replace(/\s+/g, ' ').slice(0, 110),
          plan: result.rows.map((row) => row['QUERY PLAN']),
        });
      } finally {
        await client.query('rollback');
      }
    }
  } finally {
    await client.end();
  }
  return plans;
}

/** Prints what explainStatements found: each statement, its execution time, and its plan. */
export function printPlans(title: string, plans: Awaited<ReturnType<typeof explainStatements>>) {
  console.info(`\n${title}`);
  for (const { statement, plan } of plans) {
    console.info(`  ${statement}…`);
    for (const line of plan) console.info(`    ${line}`);
  }
}

/**
 * How long each statement sent to PostgreSQL took while `run` ran, from the driver's send to its
 * answer, with when it was sent: the database's time plus two trips through the machine's scheduler.
 */
export async function timeRoundTrips<T>(
  run: () => Promise<T>,
): Promise<{ result: T; roundTrips: { at: number; ms: number }[] }> {
  /** Each statement's round trip: when it was sent (ms since the epoch) and how long it took. */
  const roundTrips: { at: number; ms: number }[] = [];
  const original = pg.Client.prototype.query;
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads; the answer is timed whichever form is used.
  pg.Client.prototype.query = function (this: pg.Client, config: any, ...rest: any[]) {
    const sent = performance.now();
    const done = () => roundTrips.push({ at: performance.timeOrigin + sent, ms: performance.now() - sent });
    const last = rest.at(-1);
    if (typeof last === 'function') {
      rest[rest.length - 1] = (...answer: unknown[]) => {
        done();
        return last(...answer);
      };
    } else if (config && typeof config.callback === 'function') {
      const callback = config.callback;
      config.callback = (...answer: unknown[]) => {
        done();
        return callback(...answer);
      };
    }
    // biome-ignore lint/suspicious/noExplicitAny: forwards whatever the caller passed.
    const answer = (original as any).call(this, config, ...rest);
    if (answer && typeof answer.then === 'function') answer.then(done, () => {});
    return answer;
  } as typeof original;
  try {
    const result = await run();
    return { result, roundTrips };
  } finally {
    pg.Client.prototype.query = original;
  }
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema/index.js';
import { JOBS_CHANNEL, JobRunner } from '../../src/jobs/job-runner.js';
import { createTestDatabase, testDriver } from '../helpers.js';
import { createSharedPostgres, jobRows, makeDueNow, recordingLog } from './support.js';

describe(`the job runner (${testDriver})`, () => {
  let database: Database;
  const newRunner = () => new JobRunner({ db: database.db, log: recordingLog().log });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(jobs);
  });

  it('runs an enqueued job exactly once, with its payload', async () => {
    const runner = newRunner();
    const seen: unknown[] = [];
    runner.register('send-welcome-mail', async (payload, context) => {
      seen.push({ payload, attempt: context.attempt });
    });
    await runner.enqueue('send-welcome-mail', { userId: 'u-1', amountCents: 1900 });

    expect(await runner.drain()).toBe(1);
    expect(await runner.drain()).toBe(0);

    expect(seen).toEqual([{ payload: { userId: 'u-1', amountCents: 1900 }, attempt: 1 }]);
    const [row] = await jobRows(database.db);
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null, lockedBy: null });
    expect(row?.finishedAt).toBeInstanceOf(Date);
  });

  it('retries a failed job after a backoff, then records its success', async () => {
    const runner = newRunner();
    const attempts: number[] = [];
    runner.register('renew', async (_payload, { attempt }) => {
      attempts.push(attempt);
      if (attempt === 1) throw new Error('provider timed out');
    });
    await runner.enqueue('renew', {});

    expect(await runner.drain()).toBe(1);
    const [failedOnce] = await jobRows(database.db);
    expect(failedOnce).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failedOnce?.lastError).toContain('provider timed out');
    // The first retry waits about a second (±20 % jitter), in the database's clock.
    const [{ waitMs }] = (await database.db
      .select({ waitMs: sql<number>`extract(epoch from (${jobs.runAt} - now())) * 1000` })
      .from(jobs)) as [{ waitMs: number }];
    expect(Number(waitMs)).toBeGreaterThan(500);
    expect(Number(waitMs)).toBeLessThanOrEqual(1200);

    expect(await runner.drain()).toBe(0); // not before its retry time
    await makeDueNow(database.db);
    expect(await runner.drain()).toBe(1);

    expect(attempts).toEqual([1, 2]);
    const [row] = await jobRows(database.db);
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('gives up after max attempts and keeps the last error', async () => {
    const runner = newRunner();
    let calls = 0;
    runner.register('charge', async () => {
      calls++;
      throw new Error(`card declined (${calls})`);
    });
    await runner.enqueue('charge', {}, { maxAttempts: 3 });

    for (let i = 0; i < 3; i++) {
      expect(await runner.drain()).toBe(1);
      await makeDueNow(database.db);
    }
    expect(await runner.drain()).toBe(0);

    expect(calls).toBe(3);
    const [row] = await jobRows(database.db);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lockedUntil: null });
    expect(row?.lastError).toContain('card declined (3)');
    expect(row?.finishedAt).toBeInstanceOf(Date);
  });

  it('does not run a scheduled job before its time', async () => {
    const runner = newRunner();
    let ran = 0;
    runner.register('reminder', async () => {
      ran++;
    });
    await runner.enqueue('reminder', {}, { runAt: new Date(Date.now() + 60 * 60 * 1000) });
    await runner.enqueue('reminder', {}, { runAt: new Date(Date.now() + 700) });

    expect(await runner.drain()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(await runner.drain()).toBe(1);
    expect(ran).toBe(1);
    const rows = await jobRows(database.db);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'done']);
  });

  it('enqueues a job once per dedupe key, even after it ran', async () => {
    const runner = newRunner();
    let ran = 0;
    runner.register('invoice-paid', async () => {
      ran++;
    });
    await runner.enqueue('invoice-paid', { invoice: 'in_1' }, { dedupeKey: 'invoice-paid:in_1' });
    await runner.enqueue('invoice-paid', { invoice: 'in_1' }, { dedupeKey: 'invoice-paid:in_1' });
    await runner.enqueue('invoice-paid', { invoice: 'in_2' }, { dedupeKey: 'invoice-paid:in_2' });
    expect(await runner.drain()).toBe(2);
    await runner.enqueue('invoice-paid', { invoice: 'in_1' }, { dedupeKey: 'invoice-paid:in_1' });
    expect(await runner.drain()).toBe(0);
    expect(ran).toBe(2);
    expect(await jobRows(database.db)).toHaveLength(2);
  });

  it('enqueues inside the caller’s transaction: a rollback leaves no job, a commit leaves one', async () => {
    const runner = newRunner();
    let ran = 0;
    runner.register('after-signup', async () => {
      ran++;
    });
    await expect(
      database.db.transaction(async (tx) => {
        await runner.enqueue('after-signup', { user: 'rolled-back' }, { tx });
        throw new Error('the signup failed half-way');
      }),
    ).rejects.toThrow('half-way');
    expect(await jobRows(database.db)).toHaveLength(0);

    await database.db.transaction(async (tx) => {
      await runner.enqueue('after-signup', { user: 'committed' }, { tx });
    });
    expect(await runner.drain()).toBe(1);
    expect(ran).toBe(1);
    expect((await jobRows(database.db)).map((r) => r.payload)).toEqual([{ user: 'committed' }]);
  });

  it('runs again a job whose worker crashed (expired lease), but not one whose lease is alive', async () => {
    const runner = newRunner();
    const ran: string[] = [];
    runner.register('export', async (payload) => {
      ran.push((payload as { which: string }).which);
    });
    await database.db.insert(jobs).values([
      {
        name: 'export',
        payload: { which: 'crashed' },
        status: 'running',
        attempts: 1,
        lockedBy: 'dead-worker',
        lockedUntil: sql`now() - interval '5 seconds'`,
      },
      {
        name: 'export',
        payload: { which: 'still-running' },
        status: 'running',
        attempts: 1,
        lockedBy: 'live-worker',
        lockedUntil: sql`now() + interval '5 minutes'`,
      },
      {
        name: 'export',
        payload: { which: 'crashed-on-last-attempt' },
        status: 'running',
        attempts: 3,
        maxAttempts: 3,
        lockedBy: 'dead-worker',
        lockedUntil: sql`now() - interval '5 seconds'`,
      },
    ]);

    expect(await runner.drain()).toBe(1);
    expect(ran).toEqual(['crashed']);
    const rows = await jobRows(database.db);
    expect(rows.map((r) => [r.status, r.attempts, r.lockedBy])).toEqual([
      ['done', 2, null],
      ['running', 1, 'live-worker'],
      ['failed', 3, null],
    ]);
    expect(rows[0]?.lastError).toContain('lease expired');
    expect(rows[2]?.lastError).toContain('lease expired');
  });

  it('leaves jobs it has no handler for to the processes that have one', async () => {
    const runner = newRunner();
    runner.register('known', async () => {});
    await runner.enqueue('unknown-here', {});
    await runner.enqueue('known', {});
    expect(await runner.drain()).toBe(1);
    expect((await jobRows(database.db, 'unknown-here'))[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('enqueues each slot of a periodic job once, across processes', async () => {
    const processes = [newRunner(), newRunner()];
    let ran = 0;
    for (const runner of processes) {
      runner.register('billing-clock', async () => {
        ran++;
      });
      runner.every('billing-clock', 60_000, { payload: { scope: 'all' } });
    }
    const now = new Date();
    for (const runner of processes) {
      await runner.enqueueSchedules(now);
      await runner.enqueueSchedules(now);
    }
    const rows = await jobRows(database.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.runAt.getTime()).toBe(Math.floor(now.getTime() / 60_000) * 60_000);
    expect(rows[0]?.payload).toEqual({ scope: 'all' });
    expect(await processes[1]!.drain()).toBe(1);

    await processes[0]!.enqueueSchedules(new Date(now.getTime() + 60_000));
    expect(await jobRows(database.db)).toHaveLength(2);
    expect(await processes[0]!.drain()).toBe(0); // the next slot is not due yet
    expect(ran).toBe(1);
  });

  it('enqueues no slot of a periodic job whose look finds nothing to do, and one when it does (ADR 216)', async () => {
    const { log, lines } = recordingLog();
    const runner = new JobRunner({ db: database.db, log });
    let waiting = false;
    let looks = 0;
    runner.register('fold', async () => {});
    runner.every('fold', 60_000, {
      when: async () => {
        looks++;
        return waiting;
      },
    });
    const now = new Date();
    await runner.enqueueSchedules(now);
    await runner.enqueueSchedules(now); // the same slot: not looked at again
    expect(looks).toBe(1);
    expect(await jobRows(database.db, 'fold')).toHaveLength(0);

    waiting = true;
    await runner.enqueueSchedules(new Date(now.getTime() + 60_000));
    expect(await jobRows(database.db, 'fold')).toHaveLength(1);

    // A look that fails does not skip the slot: the job itself finds out.
    const failing = new JobRunner({ db: database.db, log });
    failing.register('fold', async () => {});
    failing.every('fold', 60_000, {
      when: async () => {
        throw new Error('no answer');
      },
    });
    await failing.enqueueSchedules(new Date(now.getTime() + 120_000));
    expect(await jobRows(database.db, 'fold')).toHaveLength(2);
    expect(
      lines.some((line) => line.level === 'warn' && /periodic job has work/.test(String(line.msg))),
    ).toBe(true);
  });

  it('refuses a periodic interval under a second and a bad maxAttempts', async () => {
    const runner = newRunner();
    runner.register('x', async () => {});
    expect(() => runner.every('x', 10)).toThrow(/at most every second/);
    await expect(runner.enqueue('x', {}, { maxAttempts: 0 })).rejects.toThrow(/maxAttempts/);
    expect(await jobRows(database.db)).toHaveLength(0);
  });

  it('the poller picks up a new job at once and stop() waits for running jobs', async () => {
    const runner = new JobRunner({ db: database.db, log: recordingLog().log, pollIntervalMs: 60_000 });
    let finished = false;
    let started: () => void = () => {};
    const startedPromise = new Promise<void>((resolve) => {
      started = resolve;
    });
    runner.register('slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    runner.start();
    // Let the first poll find nothing and go to sleep for a minute: only the wake-up can run the job.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const enqueuedAt = Date.now();
    await runner.enqueue('slow', {});
    await startedPromise;
    expect(Date.now() - enqueuedAt).toBeLessThan(2_000);
    await runner.stop();
    expect(finished).toBe(true);
    expect((await jobRows(database.db))[0]).toMatchObject({ status: 'done' });
  });

  describe('listening for new jobs (ADR 215)', () => {
    const listening = (options: { pollIntervalMs?: number } = {}) => {
      const { log, lines } = recordingLog();
      const runner = new JobRunner({
        db: database.db,
        log,
        listen: (onNotify) => database.listen(JOBS_CHANNEL, onNotify),
        ...options,
      });
      return { runner, lines };
    };
    /** Resolves with the ms from now until the named job starts. */
    const startOf = (runner: JobRunner, name: string) => {
      const from = Date.now();
      return new Promise<number>((resolve) => {
        runner.register(name, async () => resolve(Date.now() - from));
      });
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    it('runs a job enqueued inside a transaction when it commits, not at the next poll', async () => {
      const { runner } = listening({ pollIntervalMs: 60_000 });
      const started = startOf(runner, 'receipt');
      runner.start();
      // The first poll finds nothing and sleeps for a minute: only the notification can wake it.
      await pause(200);
      await database.db.transaction(async (tx) => {
        await runner.enqueue('receipt', { n: 1 }, { tx });
        await runner.enqueue('receipt', { n: 2 }, { tx });
      });
      expect(await started).toBeLessThan(2_200);
      await runner.stop();
      expect((await jobRows(database.db)).map((row) => row.status)).toEqual(['done', 'done']);
    });

    it('sleeps until the next job is due, and not past it', async () => {
      const { runner } = listening({ pollIntervalMs: 60_000 });
      const started = startOf(runner, 'later');
      runner.start();
      await pause(200);
      await runner.enqueue('later', {}, { runAt: new Date(Date.now() + 800) });
      const ms = await started;
      expect(ms).toBeGreaterThanOrEqual(700);
      expect(ms).toBeLessThan(2_500);
      await runner.stop();
    });

    it('enqueues each slot of a periodic job on time without polling', async () => {
      const { runner } = listening({ pollIntervalMs: 60_000 });
      let runs = 0;
      runner.register('tick', async () => {
        runs++;
      });
      runner.every('tick', 1_000);
      runner.start();
      await pause(2_600);
      await runner.stop();
      expect(runs).toBeGreaterThanOrEqual(2);
    });

    it('looks every second when it cannot listen, and says so', async () => {
      const { log, lines } = recordingLog();
      const runner = new JobRunner({
        db: database.db,
        log,
        listen: async () => {
          throw new Error('no connection left');
        },
      });
      const started = startOf(runner, 'receipt');
      runner.start();
      await pause(200);
      await database.db.transaction((tx) => runner.enqueue('receipt', {}, { tx }));
      expect(await started).toBeLessThan(2_500);
      await runner.stop();
      expect(lines).toContainEqual({
        level: 'warn',
        msg: 'could not listen for new jobs; looking for them every second',
      });
    });
  });
});

describe.skipIf(testDriver !== 'postgres')('the job runner with several processes (PostgreSQL)', () => {
  it('two runners on two connection pools drain 200 jobs concurrently, each job exactly once', async () => {
    const shared = await createSharedPostgres(process.env.TEST_DATABASE_URL!, 2);
    try {
      const runs = new Map<number, number>();
      const perRunner = [0, 0];
      const runners = shared.databases.map((database, index) => {
        const runner = new JobRunner({
          db: database.db,
          log: recordingLog().log,
          workerId: `runner-${index}`,
          batchSize: 10,
        });
        runner.register('count', async (payload) => {
          const n = (payload as { n: number }).n;
          runs.set(n, (runs.get(n) ?? 0) + 1);
          perRunner[index]!++;
          await new Promise((resolve) => setTimeout(resolve, 2));
        });
        return runner;
      });
      for (let n = 0; n < 200; n++) await runners[n % 2]!.enqueue('count', { n });

      const drained = await Promise.all(runners.map((runner) => runner.drain()));

      expect(drained[0]! + drained[1]!).toBe(200);
      expect(runs.size).toBe(200);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      // Both took part: the claims really were concurrent, not one after the other.
      expect(perRunner[0]).toBeGreaterThan(0);
      expect(perRunner[1]).toBeGreaterThan(0);
      const rows = await jobRows(shared.databases[0]!.db);
      expect(rows.every((r) => r.status === 'done' && r.attempts === 1)).toBe(true);
    } finally {
      await shared.close();
    }
  });

  it('listens again after its connection is killed, and looks for what it missed', async () => {
    const shared = await createSharedPostgres(process.env.TEST_DATABASE_URL!, 1);
    const database = shared.databases[0]!;
    const runner = new JobRunner({
      db: database.db,
      log: recordingLog().log,
      pollIntervalMs: 60_000,
      listen: (onNotify) => database.listen(JOBS_CHANNEL, onNotify),
    });
    try {
      const starts: number[] = [];
      runner.register('receipt', async () => {
        starts.push(Date.now());
      });
      runner.start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const killed = await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query = ${`LISTEN ${JOBS_CHANNEL}`}`,
      );
      expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      // Sent while nobody listens: found when the listener is back (RELISTEN_MS), not a minute later.
      const missedAt = Date.now();
      await database.db.transaction((tx) => runner.enqueue('receipt', {}, { tx }));
      await expect.poll(() => starts.length, { timeout: 4_000 }).toBe(1);
      expect(starts[0]! - missedAt).toBeLessThan(3_000);
      // And the new connection hears the next one at once.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const sentAt = Date.now();
      await database.db.transaction((tx) => runner.enqueue('receipt', {}, { tx }));
      await expect.poll(() => starts.length, { timeout: 2_000 }).toBe(2);
      expect(starts[1]! - sentAt).toBeLessThan(1_500);
    } finally {
      await runner.stop();
      await shared.close();
    }
  });
});

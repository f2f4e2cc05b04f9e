import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/client.js';
import type { StopListening } from '../db/listen.js';
import { crashPoint } from '../lib/crash-points.js';
import type { JobHandler, Jobs } from '../types.js';
import { type ClaimedJob, claimJobs, failAbandonedJobs, msUntilDue } from './claim-jobs.js';
import { type EnqueueOptions, enqueueJob } from './enqueue-job.js';
import { completeJob, extendLease, failJobAttempt } from './finish-job.js';
import { retryDelayMs } from './retry-delay.js';

type LogFn = (obj: object, msg?: string) => void;
/** The part of a pino/Fastify logger the runner uses. */
export interface JobLog {
  debug: LogFn;
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

export interface JobRunnerOptions {
  db: Db;
  log: JobLog;
  /** Names this worker in `locked_by`, for operators reading the table. */
  workerId?: string;
  /**
   * Subscribes to the notification every new job sends at its commit (the `jobs` table's trigger, on
   * JOBS_CHANNEL); the poller then sleeps until the next job is due instead of looking every second.
   */
  listen?: (onNotify: () => void) => Promise<StopListening>;
  /**
   * The longest the poller sleeps when nothing wakes it earlier: 1 s without a listener (how late a
   * job enqueued inside a transaction may start), 10 s with one (a safety net: a notification lost
   * while the listening connection was down).
   */
  pollIntervalMs?: number;
  /** How many jobs one process runs at once. */
  concurrency?: number;
  /** How long a claim lasts without a heartbeat; a crashed worker's jobs are retried after it. */
  leaseMs?: number;
  /** How many jobs drain() claims per round. */
  batchSize?: number;
  retryDelay?: (attempt: number) => number;
}

export interface ScheduleOptions {
  payload?: unknown;
  /**
   * A cheap look before each slot: the slot is enqueued only when it answers true (when it fails, the
   * slot is enqueued anyway). For a job that usually finds nothing to do, it saves the job's row, its
   * claim and its completion on every slot (ADR 216).
   */
  when?: () => Promise<boolean>;
}

interface Schedule extends ScheduleOptions {
  intervalMs: number;
  lastSlot?: number;
}

/** Failed leases are looked for at most this often by the poller (drain always looks). */
const ABANDONED_CHECK_MS = 30_000;

/** The channel the `jobs` table's trigger notifies on each insert (migration 0027, ADR 215). */
export const JOBS_CHANNEL = 'nest_jobs';
/** The poller's sleep without a listener, or when a job is due but was not claimed (taken elsewhere). */
const POLL_MS = 1_000;
const LISTENING_POLL_MS = 10_000;
/** Wakes a little after a job's run time rather than a hair before it (timers, two clocks). */
const DUE_MARGIN_MS = 10;

/**
 * The PostgreSQL-backed job queue of one process. Jobs are rows of `jobs`; any number of runners,
 * in this process or others, share the table safely (see claim-jobs.ts). The poller runs only once
 * started; tests leave it off and call drain().
 */
export class JobRunner implements Jobs {
  readonly workerId: string;
  private readonly db: Db;
  private readonly log: JobLog;
  private readonly pollIntervalMs: number;
  private readonly listen: JobRunnerOptions['listen'];
  private stopListening: StopListening | undefined;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly retryDelay: (attempt: number) => number;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly schedules = new Map<string, Schedule>();
  private readonly active = new Set<Promise<void>>();
  private loop: Promise<void> | undefined;
  private stopping = false;
  private woken = false;
  private wakeSleeper: (() => void) | undefined;
  private lastAbandonedCheck = 0;
  private lastListenAttempt = Number.NEGATIVE_INFINITY;

  constructor(options: JobRunnerOptions) {
    this.db = options.db;
    this.log = options.log;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.listen = options.listen;
    this.pollIntervalMs = options.pollIntervalMs ?? (options.listen ? LISTENING_POLL_MS : POLL_MS);
    this.concurrency = options.concurrency ?? 5;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.batchSize = options.batchSize ?? 20;
    this.retryDelay = options.retryDelay ?? retryDelayMs;
  }

  register(name: string, handler: JobHandler): void {
    if (this.handlers.has(name)) throw new Error(`A handler for the job "${name}" is already registered`);
    this.handlers.set(name, handler);
  }

  async enqueue(name: string, payload: unknown, options: EnqueueOptions = {}): Promise<void> {
    const { tx, ...rest } = options;
    if (!this.handlers.has(name)) {
      // Another version of the app may handle it; this process will simply not run it.
      this.log.warn({ job: name }, 'enqueued a job this process has no handler for');
    }
    const created = await enqueueJob(tx ?? this.db, name, payload, rest);
    // Inside a transaction the row is not visible yet; the poller's next tick finds it after commit.
    if (created && !tx) this.wake();
  }

  every(name: string, intervalMs: number, options: ScheduleOptions = {}): void {
    if (!Number.isInteger(intervalMs) || intervalMs < 1_000) {
      throw new RangeError(`A periodic job runs at most every second, got ${intervalMs} ms`);
    }
    if (this.schedules.has(name)) throw new Error(`The job "${name}" is already scheduled`);
    this.schedules.set(name, { intervalMs, ...options });
  }

  /**
   * Enqueues the current slot of every periodic job whose `when` (if any) says there is something to
   * do. The dedupe key names the slot, so however many processes do this, each slot runs once.
   */
  async enqueueSchedules(now: Date = new Date()): Promise<void> {
    for (const [name, schedule] of this.schedules) {
      const slot = Math.floor(now.getTime() / schedule.intervalMs) * schedule.intervalMs;
      if (schedule.lastSlot === slot) continue;
      if (!(await this.isWanted(name, schedule))) {
        schedule.lastSlot = slot;
        continue;
      }
      const runAt = new Date(slot);
      await enqueueJob(this.db, name, schedule.payload ?? {}, {
        runAt,
        dedupeKey: `every:${name}:${runAt.toISOString()}`,
      });
      schedule.lastSlot = slot;
    }
  }

  private async isWanted(name: string, schedule: Schedule): Promise<boolean> {
    if (!schedule.when) return true;
    try {
      return await schedule.when();
    } catch (error) {
      this.log.warn({ err: error, job: name }, 'could not look whether a periodic job has work; enqueued');
      return true;
    }
  }

  async drain(): Promise<number> {
    await this.failAbandoned();
    let ran = 0;
    for (;;) {
      const claimed = await this.claim(this.batchSize);
      if (claimed.length === 0) return ran;
      await Promise.all(claimed.map((job) => this.track(this.run(job))));
      ran += claimed.length;
    }
  }

  /** Starts the poller (idempotent). */
  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.poll();
    this.log.info({ workerId: this.workerId, jobs: [...this.handlers.keys()] }, 'job runner started');
  }

  /** Stops claiming new jobs and waits for the running ones to finish. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
    this.loop = undefined;
    await Promise.allSettled([...this.active]);
    await this.stopListening?.().catch((error) =>
      this.log.warn({ err: error }, 'could not stop listening for new jobs'),
    );
    this.stopListening = undefined;
    this.lastListenAttempt = Number.NEGATIVE_INFINITY;
  }

  private async poll(): Promise<void> {
    while (!this.stopping) {
      let moreMayBeDue = false;
      await this.startListening();
      try {
        await this.enqueueSchedules();
        if (Date.now() - this.lastAbandonedCheck >= ABANDONED_CHECK_MS) await this.failAbandoned();
        const free = this.concurrency - this.active.size;
        if (free > 0) {
          const claimed = await this.claim(free);
          for (const job of claimed) this.track(this.run(job));
          moreMayBeDue = claimed.length === free;
        }
      } catch (error) {
        // The database may be restarting; keep polling, the jobs wait in their table.
        this.log.error({ err: error }, 'job poller could not reach the database');
      }
      if (!moreMayBeDue) await this.sleep(await this.idleMs());
    }
  }

  /** Subscribes to new jobs if it can; tried again at most every ABANDONED_CHECK_MS after a failure. */
  private async startListening(): Promise<void> {
    if (!this.listen || this.stopListening || Date.now() - this.lastListenAttempt < ABANDONED_CHECK_MS)
      return;
    this.lastListenAttempt = Date.now();
    try {
      this.stopListening = await this.listen(() => this.wake());
    } catch (error) {
      this.log.warn({ err: error }, 'could not listen for new jobs; looking for them every second');
    }
  }

  /**
   * How long the poller may sleep. Without a listener, the poll interval. With one, new jobs wake it,
   * so only the jobs already waiting matter: until the next is due, or the next slot of a periodic
   * job, and at most the poll interval.
   */
  private async idleMs(): Promise<number> {
    if (!this.stopListening)
      return this.listen ? Math.min(this.pollIntervalMs, POLL_MS) : this.pollIntervalMs;
    let ms = this.pollIntervalMs;
    const now = Date.now();
    for (const schedule of this.schedules.values()) {
      ms = Math.min(ms, schedule.intervalMs - (now % schedule.intervalMs) + DUE_MARGIN_MS);
    }
    try {
      const due = await msUntilDue(this.db, [...this.handlers.keys()]);
      // Due now yet not claimed: another process holds it, or it became due since the claim.
      if (due !== null) ms = Math.min(ms, due > 0 ? due + DUE_MARGIN_MS : POLL_MS);
    } catch (error) {
      this.log.error({ err: error }, 'job poller could not reach the database');
      ms = Math.min(ms, POLL_MS);
    }
    return ms;
  }

  private claim(limit: number): Promise<ClaimedJob[]> {
    return claimJobs(this.db, {
      names: [...this.handlers.keys()],
      limit,
      leaseMs: this.leaseMs,
      workerId: this.workerId,
    });
  }

  private async failAbandoned(): Promise<void> {
    this.lastAbandonedCheck = Date.now();
    const failed = await failAbandonedJobs(this.db);
    if (failed > 0)
      this.log.error({ count: failed }, 'jobs failed: their worker stopped during the last attempt');
  }

  /** Runs one claimed job and records its outcome; never throws. */
  private async run(job: ClaimedJob): Promise<void> {
    const context = { id: job.id, name: job.name, attempt: job.attempt };
    const heartbeat = setInterval(() => {
      extendLease(this.db, job, this.leaseMs).catch((error) =>
        this.log.warn({ err: error, job: context }, 'could not extend a job lease'),
      );
    }, this.leaseMs / 3);
    heartbeat.unref();
    const started = Date.now();
    let failure: { error: unknown } | undefined;
    try {
      const handler = this.handlers.get(job.name);
      if (!handler) throw new Error(`No handler registered for the job "${job.name}"`);
      crashPoint(`job:${job.name}:claimed`);
      await handler(job.payload, { id: job.id, attempt: job.attempt });
      crashPoint(`job:${job.name}:ran`);
    } catch (error) {
      failure = { error };
    } finally {
      clearInterval(heartbeat);
    }
    try {
      if (!failure) {
        const owned = await completeJob(this.db, job);
        if (owned) this.log.debug({ job: context, ms: Date.now() - started }, 'job done');
        else this.log.warn({ job: context }, 'job finished after its lease was taken over');
        return;
      }
      await failJobAttempt(this.db, job, failure.error, this.retryDelay(job.attempt));
      if (job.attempt >= job.maxAttempts)
        this.log.error({ err: failure.error, job: context }, 'job failed for good');
      else this.log.warn({ err: failure.error, job: context }, 'job failed; it will be retried');
    } catch (recordError) {
      // The lease will expire and the job will be claimed again: jobs run at least once.
      this.log.error({ err: recordError, job: context }, 'could not record the outcome of a job');
    }
  }

  private track(promise: Promise<void>): Promise<void> {
    this.active.add(promise);
    return promise.finally(() => {
      this.active.delete(promise);
      // A slot is free: the poller may claim the next job at once.
      this.wake();
    });
  }

  private wake(): void {
    if (this.wakeSleeper) this.wakeSleeper();
    else this.woken = true;
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || this.stopping) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeSleeper = undefined;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeSleeper = done;
    });
  }
}

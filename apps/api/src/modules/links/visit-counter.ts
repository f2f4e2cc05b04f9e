import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { nestLinks } from '../../db/schema/index.js';

/** How often counted visits are written; at most this much is lost if the process dies. */
const FLUSH_EVERY_MS = 1000;
/** Distinct links held between writes before writing early: memory stays bounded under any traffic. */
const MAX_PENDING_LINKS = 1000;

/**
 * Visits of public link pages, counted in memory and written a second after the first one since the
 * last write (no timer while nobody visits, ADR 216), one UPDATE per link visited meanwhile. The public
 * page then reads only: no row lock and no commit on the hot path, however many visitors open one
 * flyer's link at once. Several processes each add their own counts (increments, never overwrites),
 * so none is lost between them; the merchant's list is at most a second behind.
 */
export class VisitCounter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly flushEveryMs = FLUSH_EVERY_MS,
  ) {}

  /** Stops the timer and writes what is left (the app's close: graceful shutdown, before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  count(linkId: string): void {
    this.pending.set(linkId, (this.pending.get(linkId) ?? 0) + 1);
    // After stop (a request finishing during shutdown) there is no timer left: write at once.
    if (this.stopped || this.pending.size >= MAX_PENDING_LINKS) void this.flush();
    // The first visit counted since the last write arms the next one: no timer while nobody visits.
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        void this.flush();
      }, this.flushEveryMs);
      this.timer.unref();
    }
  }

  /** Visits counted and not written yet (all links). */
  get pendingVisits(): number {
    let total = 0;
    for (const visits of this.pending.values()) total += visits;
    return total;
  }

  /** Writes what was counted so far; waits for a write already under way first. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    for (const [linkId, visits] of batch) {
      try {
        await this.db
          .update(nestLinks)
          .set({ visits: sql`${nestLinks.visits} + ${visits}` })
          .where(eq(nestLinks.id, linkId));
      } catch (error) {
        // Visits are a statistic: a failed write is logged and dropped, never retried into a pile-up.
        this.log.warn({ err: error, linkId, visits }, 'could not record link visits');
      }
    }
  }
}

import type { PublicLinkRead } from './read-public-link.js';

/** Links kept at most; beyond it expired entries are swept, then the oldest dropped. */
const MAX_ENTRIES = 10_000;

interface Entry {
  expiresAt: number;
  /** The read under way or done; concurrent visitors of one link share it. */
  load: Promise<PublicLinkRead | undefined>;
  /** Set once the read is done: what invalidation by nest or owner matches on. */
  read?: PublicLinkRead | undefined;
}

/**
 * This process's copy of public link reads, each kept `ttlMs` (at most a second) from the moment
 * its read started: a flyer's link opened by many phones at once costs one query a second instead of
 * one per visitor. A missing or turned-off link is not kept (it is answered from the database each
 * time), so turning a link back on shows at once.
 *
 * Merchant writes that change a public page invalidate it here (`forNest`, `forOwner`, `forLink`,
 * `clear`); writes in other processes are seen when the entry expires. A read that was under way
 * during an invalidation is never kept, so it cannot put the old state back. Nothing that decides
 * money reads this cache: the checkout reads the database again (readPublicLink).
 */
export class PublicLinkCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** The cached read of a link by its public id, or `load()`'s (then kept until it expires). */
  get(
    nestLinkId: string,
    load: () => Promise<PublicLinkRead | undefined>,
  ): Promise<PublicLinkRead | undefined> {
    if (!this.enabled) return load();
    const now = this.now();
    const cached = this.entries.get(nestLinkId);
    if (cached && cached.expiresAt > now) return cached.load;
    if (cached) this.entries.delete(nestLinkId);
    this.makeRoom(now);
    const entry: Entry = { expiresAt: now + this.ttlMs, load: load() };
    this.entries.set(nestLinkId, entry);
    entry.load.then(
      (read) => {
        // Invalidated meanwhile (the map holds another entry, or none): nothing to keep.
        if (this.entries.get(nestLinkId) !== entry) return;
        if (read) entry.read = read;
        else this.entries.delete(nestLinkId);
      },
      () => {
        // A failed read is not an answer to keep: the next visitor asks the database again.
        if (this.entries.get(nestLinkId) === entry) this.entries.delete(nestLinkId);
      },
    );
    return entry.load;
  }

  /** Forgets one link (turned off or on, renamed). */
  forLink(nestLinkId: string): void {
    this.entries.delete(nestLinkId);
  }

  /** Forgets every link of a nest (its name, logo, an offer, a price changed). */
  forNest(nestId: string): void {
    this.forget((read) => read.nest.id === nestId);
  }

  /** Forgets every link of a merchant's nest (their payout account or plan changed). */
  forOwner(userId: string): void {
    this.forget((read) => read.nest.ownerId === userId);
  }

  /** Forgets everything (a payment event may change capacity, revenue or payouts of anybody). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Reads still under way are forgotten too: they may have started before the write. */
  private forget(matches: (read: PublicLinkRead) => boolean): void {
    for (const [key, entry] of this.entries) {
      if (!entry.read || matches(entry.read)) this.entries.delete(key);
    }
  }

  private makeRoom(now: number): void {
    if (this.entries.size < MAX_ENTRIES) return;
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt <= now) this.entries.delete(key);
    }
    // Insertion order is age order: the oldest goes first.
    for (const key of this.entries.keys()) {
      if (this.entries.size < MAX_ENTRIES) break;
      this.entries.delete(key);
    }
  }
}

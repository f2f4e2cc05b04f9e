import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Mailer } from './lib/mailer.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import type { NestRow } from './modules/nests/nest-view.js';

/** What a job handler receives. */
export interface JobContext {
  id: number;
  attempt: number;
}
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

/** The background job queue (PostgreSQL-backed, safe with several workers). */
export interface Jobs {
  /** Registers the handler of a job name. */
  register(name: string, handler: JobHandler): void;
  /**
   * Enqueues a job, optionally inside a transaction (pass tx) so it exists only if the transaction commits.
   * A dedupeKey makes enqueueing idempotent.
   */
  enqueue(
    name: string,
    payload: unknown,
    options?: { runAt?: Date; dedupeKey?: string; maxAttempts?: number; tx?: import('./db/client.js').Tx },
  ): Promise<void>;
  /** Runs every due job now (tests, and the sandbox test clock). Returns how many ran. */
  drain(): Promise<number>;
  /**
   * Runs a registered job once per interval slot (slots aligned on the epoch, e.g. every hour on the
   * hour), however many processes run: each slot is enqueued with a dedupe key. Slots are enqueued by
   * the poller (JOBS_ENABLED), not by drain().
   */
  every(name: string, intervalMs: number, payload?: unknown): void;
}

/** The signed-in merchant, set by the auth plugin's requireMerchant pre-handler. */
export interface MerchantPrincipal {
  userId: string;
  /** The session's id; for an API key, the key's id (session-only routes refuse keys before reading it). */
  sessionId: string;
  /** Set when the request authenticated with an API key (ADR 175): the key and the one nest it opens. */
  apiKey?: { id: string; nestId: string };
  /**
   * The merchant's nest as it was read with the session (null: none yet); absent when it was not read
   * with it (an API key). `requireOwnNest(request, 'me')` answers it without another query.
   */
  ownNest?: NestRow | null;
}

/** The signed-in nest customer, set by the customer-auth plugin's requireCustomer pre-handler. */
export interface CustomerPrincipal {
  customerId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
    jobs: Jobs;
    /** Shared counters for every limit (failed logins, codes…): Redis when REDIS_URL is set, else memory. */
    rateLimiter: RateLimiter;
    /** Public link pages: their one-second cache (invalidated by merchant writes) and visit counter. */
    publicLinks: import('./modules/links/public-links.js').PublicLinks;
    /** Pre-handler: 401 problem unless a merchant session is valid; sets request.merchant. */
    requireMerchant: preHandlerAsyncHookHandler;
    /** Pre-handler: 401 problem unless a customer session is valid; sets request.customer. */
    requireCustomer: preHandlerAsyncHookHandler;
    /** Every route the app registered (method and path): what the route-walking tests go through. */
    routeTable: readonly { method: string; url: string }[];
  }
  interface FastifyRequest {
    merchant?: MerchantPrincipal;
    customer?: CustomerPrincipal;
  }
}

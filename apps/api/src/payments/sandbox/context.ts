import type { Db, Tx } from '../../db/client.js';
import type { Jobs } from '../../types.js';

/** What the sandbox engine needs from the app: its database, the job queue that delivers its events, and where its pages live. */
export interface SandboxDeps {
  db: Db;
  jobs: Jobs;
  /** Public address of the app; the hosted pages are served under it. */
  publicUrl: string;
}

/** Runs fn in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(
  deps: SandboxDeps,
  tx: Tx | undefined,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return tx ? fn(tx) : deps.db.transaction((t) => fn(t));
}

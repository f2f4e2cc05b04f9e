import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { listenOnPostgres, type StopListening } from './listen.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The one database type both drivers satisfy. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself: functions that may run inside either take this. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Checks the database answers (readiness). */
  ping(): Promise<void>;
  /** The connection pool's use, on PostgreSQL (the embedded database has one connection). */
  poolUse?(): { total: number; idle: number; waiting: number };
  /**
   * LISTENs on a notification channel: `onNotify` is called on each notification, sent at the commit
   * of the transaction that sent it, by any process, until the returned function is called. On
   * PostgreSQL a connection of its own, opened again when lost (see listen.ts).
   */
  listen(channel: string, onNotify: () => void): Promise<StopListening>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export class DataFolderLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The data folder ${dir} is in use by another Nest process (pid ${pid}). ` +
        'The embedded database allows one process only: stop the other one, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataFolderLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** One process per data folder: PGlite is single-connection and would corrupt under two writers. */
function lockDataFolder(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'nest.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new DataFolderLockedError(dir, pid);
      }
      rmSync(file, { force: true }); // stale lock from a crashed process
    }
  }
  throw new Error(`Could not lock the data folder ${dir}`);
}

/** Embedded PostgreSQL (PGlite): in a data folder, or in memory when dataDir is undefined. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const unlock = dataDir ? lockDataFolder(dataDir) : () => {};
  try {
    const client = dataDir
      ? await PGlite.create(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions })
      : await PGlite.create({ extensions: pgliteExtensions });
    const database = pgliteDatabase(client, async () => {
      await client.close();
      unlock();
    });
    await migrateEmbedded(database.db);
    return database;
  } catch (error) {
    unlock();
    throw error;
  }
}

/** The extensions the migrations create (pg_trgm: customer search, ADR 126). */
export const pgliteExtensions = { pg_trgm };

/** Runs the migrations not yet applied to an embedded database. */
export async function migrateEmbedded(db: Db): Promise<void> {
  await migratePglite(db as never, { migrationsFolder });
}

/**
 * The app's database on an open PGlite client, as it is (`migrateEmbedded` migrates it); `close` is
 * what closing it does (the tests empty and keep their instances instead of closing them).
 */
export function pgliteDatabase(
  client: Pick<PGlite, 'query' | 'transaction' | 'listen'>,
  close: () => Promise<void>,
): Database {
  const db = drizzlePglite({ client: client as PGlite, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, () => onNotify());
      return () => unlisten();
    },
    close,
  };
}

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  // The driver is loaded only here: a start on the embedded database does without it (ADR 223).
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A database that does not answer fails a request after 5 s (a 503) instead of holding it forever.
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection (database restart, failover) must not crash the process;
  // the pool replaces it and the next query reports the error to its caller.
  pool.on('error', (error) => {
    console.error('PostgreSQL idle connection error:', error.message);
  });
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
  // Several API processes may start at once: one migrates, the others wait on an advisory lock.
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock(7210431)');
    await migratePg(drizzlePg({ client: conn, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await conn.query('select pg_advisory_unlock(7210431)').catch(() => {});
    conn.release();
  }
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, onNotify) => listenOnPostgres(url, channel, onNotify),
    close: () => pool.end(),
  };
}

export function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite(config.dataDir);
}

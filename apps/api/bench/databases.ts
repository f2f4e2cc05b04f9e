import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../src/db/client.js';

/** The server benches run against on PostgreSQL, if any. */
export const postgresServerUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

export interface BenchDatabase {
  label: 'PGlite' | 'PostgreSQL';
  /** Independent connections to the same database, as separate API processes would have. */
  databases: Database[];
  /** The database's address (PostgreSQL only). */
  url?: string;
  close(): Promise<void>;
}

/** A fresh in-memory PGlite (one process only, by design). */
export async function benchPglite(): Promise<BenchDatabase> {
  const database = await openPglite();
  return { label: 'PGlite', databases: [database], close: () => database.close() };
}

/** A throwaway database on the bench server, reached through `pools` separate pools; dropped on close. */
export async function benchPostgres(serverUrl: string, pools = 1): Promise<BenchDatabase> {
  const name = `nest_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databases: Database[] = [];
  for (let i = 0; i < pools; i++) databases.push(await openPostgres(url.toString(), { max: 10 }));
  return {
    label: 'PostgreSQL',
    databases,
    url: url.toString(),
    close: async () => {
      await Promise.all(databases.map((d) => d.close()));
      // BENCH_KEEP_DATABASE=1 leaves the seeded database for EXPLAIN ANALYZE by hand.
      if (process.env.BENCH_KEEP_DATABASE === '1') {
        console.info(`  database kept: ${url.toString()}`);
        return;
      }
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Prints aligned rows under a title. */
export function printTable(title: string, rows: [string, string][]) {
  const width = Math.max(...rows.map(([label]) => label.length));
  console.info(`\n${title}`);
  for (const [label, value] of rows) console.info(`  ${label.padEnd(width)}  ${value}`);
}

export const perSecond = (count: number, ms: number) =>
  `${Math.round((count / ms) * 1000).toLocaleString('en-US')}/s`;

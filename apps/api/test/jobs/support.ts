import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, type Db, openPostgres } from '../../src/db/client.js';
import { jobs } from '../../src/db/schema/index.js';
import type { JobLog } from '../../src/jobs/job-runner.js';

/** A logger that keeps what the runner reports, for tests that look at it. */
export function recordingLog() {
  const lines: { level: string; msg: string | undefined }[] = [];
  const at =
    (level: string) =>
    (_obj: object, msg?: string): void => {
      lines.push({ level, msg });
    };
  const log: JobLog = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

export async function jobRows(db: Db, name?: string) {
  const query = db.select().from(jobs);
  return (name ? query.where(eq(jobs.name, name)) : query).orderBy(jobs.id);
}

/** Makes every pending job due now, as if its retry delay or run_at had passed. */
export async function makeDueNow(db: Db) {
  await db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.status, 'pending'));
}

/**
 * A fresh database on TEST_DATABASE_URL's server reachable through several independent pools, as
 * several API processes would reach it.
 */
export async function createSharedPostgres(serverUrl: string, pools: number) {
  const name = `nest_jobs_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databases: Database[] = [];
  for (let i = 0; i < pools; i++) databases.push(await openPostgres(url.toString(), { max: 5 }));
  return {
    databases,
    close: async () => {
      await Promise.all(databases.map((d) => d.close()));
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

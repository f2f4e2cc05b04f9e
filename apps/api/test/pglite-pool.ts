import { PGlite } from '@electric-sql/pglite';
import { type Database, migrateEmbedded, pgliteDatabase, pgliteExtensions } from '../src/db/client.js';

/**
 * The API tests' in-memory PGlite databases, kept by the worker between test files (ADR 220). Starting
 * one from the migrated dump costs 1.2–1.8 s of CPU (the WebAssembly PostgreSQL starting, the dump
 * unpacked into its memory); emptying one costs a few milliseconds. A kept database is handed out
 * empty: every table of `public` truncated with its identities restarted, the session's state
 * discarded. One whose catalogue a test changed (a table, a column, a function, a trigger, a
 * constraint) is closed instead of kept. A handle its file closed refuses every later query, so an app
 * a file forgot to close cannot read or write the next file's data.
 */

interface Instance {
  client: PGlite;
  /** The catalogue's fingerprint when the instance started from the dump. */
  catalogue: string;
  /** One statement naming the tables that hold rows (truncating all 58 took 120–380 ms, these few ms). */
  nonEmpty: string;
}

/** Kept per worker (the test modules are shared by a worker's files, vitest.config.ts). */
const idle: Instance[] = [];
/** At most this many kept per worker: a file rarely opens more than two databases at once. */
const KEEP = 2;
/** An instance that does not empty in this time (a transaction a test left open) is dropped. */
const RESET_TIMEOUT_MS = 5_000;

/** What a test could change in the schema, hashed: relations, columns, defaults, constraints, functions, triggers. */
const CATALOGUE = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as hash from (
    select 'r:' || c.oid::regclass::text || ':' || c.relkind::text from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
    union all
    select 'a:' || a.attrelid::regclass::text || ':' || a.attname || ':' || a.atttypid || ':' || a.attnotnull
      || ':' || coalesce(pg_get_expr(d.adbin, d.adrelid), '') from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
    union all
    select 'k:' || conrelid::regclass::text || ':' || conname || ':' || pg_get_constraintdef(oid) from pg_constraint
      where connamespace = 'public'::regnamespace
    union all
    select 'f:' || p.oid::regprocedure::text || ':' || md5(p.prosrc) from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
    union all
    select 't:' || tgrelid::regclass::text || ':' || tgname || ':' || tgenabled::text from pg_trigger where not tgisinternal
  ) catalogue(item)`;

/** The tables of `public`, each with a probe that names it when it holds a row. */
const PUBLIC_TABLES = `
  select format('select %L as name where exists (select 1 from %I.%I)', format('%I.%I', schemaname, tablename),
    schemaname, tablename) as probe from pg_tables where schemaname = 'public'`;

/** Sequences used since they last started (those of truncated tables restart with them). */
const USED_SEQUENCES = `
  select format('alter sequence %I.%I restart', schemaname, sequencename) as statement from pg_sequences
    where schemaname = 'public' and last_value is not null`;

async function fingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ hash: string }>(CATALOGUE);
  return rows[0]!.hash;
}

async function start(dump: Blob | undefined): Promise<Instance> {
  const client = await PGlite.create(
    dump ? { loadDataDir: dump, extensions: pgliteExtensions } : { extensions: pgliteExtensions },
  );
  // Migrated once here (a dump is already), so that the fingerprint is the app's schema; a lease
  // hands it out as it is.
  await migrateEmbedded(pgliteDatabase(client, async () => {}).db);
  const { rows } = await client.query<{ probe: string }>(PUBLIC_TABLES);
  return {
    client,
    catalogue: await fingerprint(client),
    nonEmpty: rows.map((row) => row.probe).join(' union all '),
  };
}

/** Empties the instance; false when it cannot be kept (its catalogue changed, or it did not answer). */
async function reset({ client, catalogue, nonEmpty }: Instance): Promise<boolean> {
  const emptied = (async () => {
    await client.exec('discard all');
    const tables = (await client.query<{ name: string }>(nonEmpty)).rows.map((row) => row.name);
    if (tables.length > 0) await client.exec(`truncate ${tables.join(', ')} restart identity cascade`);
    const sequences = (await client.query<{ statement: string }>(USED_SEQUENCES)).rows;
    for (const { statement } of sequences) await client.exec(statement);
    return (await fingerprint(client)) === catalogue;
  })();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), RESET_TIMEOUT_MS);
  });
  try {
    return await Promise.race([emptied.catch(() => false), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A migrated, empty database for one test file (or one test): a kept instance, or one started from
 * `dump`. Closing it empties the instance and keeps it for the next.
 */
export async function leasePglite(dump: Blob | undefined): Promise<Database> {
  const instance = idle.pop() ?? (await start(dump));
  const { client } = instance;
  let open = true;
  const refuse = () =>
    Promise.reject(new Error('This test database was closed (an app outlived its test file)'));
  const listeners = new Set<() => Promise<void>>();
  const leased: Pick<PGlite, 'query' | 'transaction' | 'listen'> = {
    query: ((...args: Parameters<PGlite['query']>) =>
      open ? client.query(...args) : refuse()) as PGlite['query'],
    transaction: ((callback: Parameters<PGlite['transaction']>[0]) =>
      open ? client.transaction(callback) : refuse()) as PGlite['transaction'],
    listen: async (channel, callback) => {
      if (!open) return refuse();
      const unlisten = await client.listen(channel, callback);
      const stop = async () => {
        if (!listeners.delete(stop)) return;
        await unlisten();
      };
      listeners.add(stop);
      return stop;
    },
  };
  return pgliteDatabase(leased, async () => {
    if (!open) return;
    await Promise.all([...listeners].map((stop) => stop()));
    open = false;
    if (idle.length < KEEP && (await reset(instance))) idle.push(instance);
    else void client.close().catch(() => {});
  });
}

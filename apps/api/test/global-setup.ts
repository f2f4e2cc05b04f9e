import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dumped, migrated PGlite data folder every test database starts from. */
    pgliteTemplate: string | null;
  }
}

/**
 * PGlite's initdb is the slow part of a fresh embedded database (seconds). It runs once here; each test
 * file then loads the dump into its own in-memory database, still isolated from every other test.
 */
export default async function setup(project: TestProject) {
  if (process.env.NEST_TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', null);
    return;
  }
  const template = await openPglite();
  const client = (template.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await template.close();
  const file = path.join(tmpdir(), `nest-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client.js';
import { onServer } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a dumped, migrated PGlite data folder every test database starts from. */
    pgliteTemplate: string | null;
    /** Name of a migrated PostgreSQL database every test database is copied from (NEST_TEST_DB=postgres). */
    postgresTemplate: string | null;
  }
}

/**
 * The migrations run once here, not once per test database. PGlite's initdb is the slow part of a
 * fresh embedded database (seconds): each test file loads a dump of a migrated one into its own
 * in-memory database. On PostgreSQL each test database is a copy of a migrated template database
 * (`CREATE DATABASE … TEMPLATE`), which skips running the migrations' statements again. Either way
 * every test database is still isolated from every other.
 */
export default async function setup(project: TestProject) {
  if (process.env.NEST_TEST_DB === 'postgres') {
    project.provide('pgliteTemplate', null);
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error('NEST_TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `nest_template_${process.pid}`;
    await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    await onServer(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // A template must have no connection open while it is copied: the pool is closed before any test.
    const template = await openPostgres(url.toString(), { max: 1 });
    await template.close();
    project.provide('postgresTemplate', name);
    return () => onServer(serverUrl, `drop database if exists ${name} with (force)`);
  }
  project.provide('postgresTemplate', null);
  const template = await openPglite();
  const client = (template.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await template.close();
  const file = path.join(tmpdir(), `nest-pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testDriver } from '../helpers.js';
import { request, type ServerProcess, startServer } from './support.js';

// Child processes on the embedded database, whatever NEST_TEST_DB says: run once, in the PGlite pass.
describe.skipIf(testDriver === 'postgres')('starting the server process', () => {
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nest-startup-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const server of servers.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a bad configuration with a message naming each variable, and exits 1', async () => {
    const server = await startServer({ DATA_DIR: tempDir(), PORT: 'abc', DATABASE_URL: 'mysql://x' });
    servers.push(server);
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('Invalid configuration');
    expect(server.stderr()).toMatch(/PORT: /);
    expect(server.stderr()).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(server.stderr()).not.toMatch(/\bat .*\.ts:\d+/); // a message for the operator, not a stack
  }, 180_000);

  it('refuses a second process on the same data folder with a clear message, and exits 1', async () => {
    const dataDir = tempDir();
    const first = await startServer({ DATA_DIR: dataDir });
    servers.push(first);
    await first.waitForLog((line) => line.msg === 'Nest is ready');

    const second = await startServer({ DATA_DIR: dataDir });
    servers.push(second);
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`is in use by another Nest process (pid ${first.child.pid})`);
    expect(second.stderr()).toContain('set DATABASE_URL to use PostgreSQL');

    // The first one is unharmed.
    expect((await request(first.port, '/readyz')).status).toBe(200);
  }, 240_000);
});

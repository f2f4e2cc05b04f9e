import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderLockedError, openPglite } from '../../src/db/client.js';
import { testDriver } from '../helpers.js';
import { apiDir } from './support.js';

// Child processes on the embedded database, whatever NEST_TEST_DB says: run once, in the PGlite pass.
describe.skipIf(testDriver === 'postgres')('the data-folder lock of the embedded database', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nest-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second process with a message that says what to do, and releases the lock on close', async () => {
    const dir = tempDir();
    const database = await openPglite(dir);
    try {
      expect(readFileSync(path.join(dir, 'nest.lock'), 'utf8')).toBe(String(process.pid));
      const other = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'test/foundation/fixtures/open-data-folder.ts', dir],
        { cwd: apiDir, encoding: 'utf8' },
      );
      expect(other.status).toBe(3);
      expect(other.stdout).toContain(
        `The data folder ${dir} is in use by another Nest process (pid ${process.pid}).`,
      );
      expect(other.stdout).toContain('set DATABASE_URL to use PostgreSQL');
      await database.ping();
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dir, 'nest.lock'))).toBe(false);
  }, 180_000);

  it('refuses while the pid in the lock file is alive', async () => {
    const dir = tempDir();
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dir, 'nest.lock'), String(holder.pid));
      const error = await openPglite(dir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataFolderLockedError);
      expect((error as Error).message).toContain(`(pid ${holder.pid})`);
      expect(readFileSync(path.join(dir, 'nest.lock'), 'utf8')).toBe(String(holder.pid));
      expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a stale lock left by a process that died', async () => {
    const dir = tempDir();
    const dead = spawnSync('true');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'nest.lock'), String(dead.pid));
    const database = await openPglite(dir);
    try {
      expect(readFileSync(path.join(dir, 'nest.lock'), 'utf8')).toBe(String(process.pid));
      await database.ping();
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dir, 'nest.lock'))).toBe(false);
  });
});

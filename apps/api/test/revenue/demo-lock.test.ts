import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const api = path.dirname(path.dirname(path.dirname(fileURLToPath(import.meta.url))));

describe('npm run demo on a data folder in use', () => {
  it('refuses, naming the process that holds it', { timeout: 120_000 }, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nest-demo-lock-'));
    try {
      // This test's own process stands for a running server: alive, and not the demo.
      writeFileSync(path.join(dir, 'nest.lock'), String(process.pid));
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo.ts'], {
        cwd: api,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'development' },
        encoding: 'utf8',
        timeout: 110_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`in use by another Nest process (pid ${process.pid})`);
      expect(run.stderr).toContain('Stop the server');
      expect(run.stdout).not.toContain('password');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

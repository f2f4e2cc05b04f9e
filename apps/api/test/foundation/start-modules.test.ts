import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { testDriver } from '../helpers.js';
import { apiDir } from './support.js';

/**
 * Packages a start does without (ADR 223): each is loaded where it is first used. A static import of
 * one of them anywhere on the start's path, or Fastify's default compilers coming back, fails here.
 */
const loadedWhenUsed = [
  'stripe', // the Stripe provider, a webhook delivery signed or verified
  'pdfkit', // the first receipt drawn
  'sharp', // the first logo uploaded
  'qrcode', // the first link QR code drawn
  'nodemailer', // the first email sent
  'ioredis', // REDIS_URL set
  'pg', // DATABASE_URL set
  // Fastify's default compilers, never: requests are checked by their zod schemas, answers by the
  // app's serializer (Fastify itself keeps a small part of fast-json-stringify for its error answers).
  '@fastify/ajv-compiler',
  'ajv',
  '@fastify/fast-json-stringify-compiler',
];

// A child process of its own, whatever NEST_TEST_DB says: run once, in the PGlite pass.
describe.skipIf(testDriver === 'postgres')('what a start loads', () => {
  it('leaves the packages used later unloaded until they are used', () => {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        './test/foundation/fixtures/record-packages.mjs',
        'test/foundation/fixtures/load-app-modules.ts',
      ],
      { cwd: apiDir, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'test' } },
    );
    expect(child.stderr).toBe('');
    expect(child.status).toBe(0);
    const { packages } = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as { packages: string[] };
    // The recording itself works: what a start does need is there.
    expect(packages).toEqual(
      expect.arrayContaining(['fastify', 'drizzle-orm', '@electric-sql/pglite', 'zod']),
    );
    expect(packages.filter((name) => loadedWhenUsed.includes(name))).toEqual([]);
  }, 60_000);
});

import { appendFileSync } from 'node:fs';
import { PROBLEM_CONTENT_TYPE } from '@nest/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestApp } from '../helpers.js';
import type { JsonSchema } from './arbitraries.js';
import { type FuzzRequest, type OpenApiDocument, operationsOf, requestFor } from './operations.js';
import { type CallerName, cookiesOf, countedSince, keepSelling, seedWorld, type World } from './world.js';

/**
 * Every operation of the OpenAPI document, called by an anonymous visitor, a signed-in merchant and a
 * signed-in customer with mostly valid, partly hostile requests. Whatever the input: no 5xx, every
 * error an application/problem+json with a code, and a refused request changes no row.
 *
 * FUZZ_RUNS=500 tries more cases per operation and caller; FUZZ_SEED changes the fixed seed.
 * FUZZ_LOG=file.jsonl records every failing case there and keeps going instead of shrinking the first.
 *
 * The operations are shared between test files (fuzz-1, fuzz-2: `shard` of `shards`, by their place in
 * the document), each with its own app and world, so the suite runs them side by side: one file was
 * the suite's longest by far, and ran last.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 21);
const LOG = process.env.FUZZ_LOG;
const CALLERS: CallerName[] = ['anonymous', 'merchant', 'customer'];

/** A stable seed per test, so that adding an operation does not change the cases of the others. */
function seedOf(name: string) {
  let hash = SEED;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function changedTables(before: Record<string, number>, after: Record<string, number>) {
  return Object.keys({ ...before, ...after })
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table} ${before[table] ?? 0} → ${after[table] ?? 0}`);
}

/** What is wrong with the answer to a request, if anything. */
function violations(operationPath: string, response: LightMyRequestResponse, changed: string[]) {
  const found: string[] = [];
  const status = response.statusCode;
  if (status >= 500) found.push(`answered ${status}`);
  if (operationPath.includes('/webhooks/') && status < 400)
    found.push(`an unsigned delivery was accepted (${status})`);
  if (status >= 400) {
    const type = String(response.headers['content-type'] ?? '');
    if (!type.startsWith(PROBLEM_CONTENT_TYPE))
      found.push(`error as ${type || 'no content type'}, not a problem`);
    let code: unknown;
    try {
      code = JSON.parse(response.body).code;
    } catch {
      code = undefined;
    }
    if (typeof code !== 'string' || code === '') found.push('problem without a code');
    if (changed.length > 0) found.push(`refused, yet rows changed: ${changed.join(', ')}`);
  }
  return found;
}

function report(caller: CallerName, request: FuzzRequest, response: LightMyRequestResponse, found: string[]) {
  const body = response.body.length > 600 ? `${response.body.slice(0, 600)}…` : response.body;
  return [
    `${found.join('; ')}`,
    `  as ${caller} from ${request.remoteAddress}: ${request.method} ${request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url}`,
    `  headers: ${JSON.stringify(request.headers)}`,
    `  body: ${typeof request.payload === 'string' ? JSON.stringify(request.payload.slice(0, 600)) : String(request.payload ?? '(none)')}`,
    `  → ${response.statusCode} ${response.headers['content-type'] ?? ''} ${body}`,
  ].join('\n');
}

/** Fuzzes every `shards`-th operation of the document, from the `shard`-th (0-based). */
export async function fuzzOperations(shard: number, shards: number): Promise<void> {
  // The operations are read from the app's own document, so a new route is fuzzed without a line here.
  const t = await createTestApp();
  const document = t.app.swagger() as unknown as OpenApiDocument;
  const all = operationsOf(document);
  const operations = all.filter((_, index) => index % shards === shard);

  describe(`every operation of the API, fuzzed (part ${shard + 1} of ${shards})`, () => {
    let world: World;
    beforeAll(async () => {
      world = await seedWorld(t.app);
    });
    afterAll(() => t.close());

    it('knows the operations it fuzzes', ({ expect }) => {
      expect(all.length).toBeGreaterThan(50);
      expect(all.map((o) => `${o.method} ${o.path}`)).toContain('POST /api/v1/webhooks/sandbox');
      expect(operations.length).toBeGreaterThanOrEqual(Math.floor(all.length / shards));
    });

    for (const operation of operations) {
      for (const caller of CALLERS) {
        const name = `${operation.method} ${operation.path} as ${caller}`;
        it(name, { timeout: 120_000 }, async () => {
          await keepSelling(t.app, world);
          const cookies = await cookiesOf(t.app, world, caller);
          const context = {
            components: (document.components?.schemas ?? {}) as Record<string, JsonSchema>,
            known: world.known,
          };
          let before = await countedSince(t.app);
          let logged = 0;
          const property = fc.asyncProperty(
            requestFor(operation, context, world.pathIds),
            async (request) => {
              const response = await t.app.inject({ ...request, method: request.method as 'GET', cookies });
              // Nothing runs between requests (jobs are drained by hand in tests), so the counts after one
              // request are the counts before the next.
              const after = await countedSince(t.app, before);
              const found = violations(operation.path, response, changedTables(before.counts, after.counts));
              before = after;
              if (found.length === 0) return;
              const message = report(caller, request, response, found);
              if (!LOG) throw new Error(message);
              logged += 1;
              appendFileSync(
                LOG,
                `${JSON.stringify({ operation: `${operation.method} ${operation.path}`, caller, found, request, status: response.statusCode, body: response.body.slice(0, 1000) })}\n`,
              );
            },
          );
          await fc.assert(property, { seed: seedOf(name), numRuns: RUNS });
          if (logged > 0) throw new Error(`${logged} failing cases, written to ${LOG}`);
        });
      }
    }
  });
}

import { examples } from '@nest/contracts/examples';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * Answers that are files though the document lists them as JSON (the data export's ZIP): nothing to
 * show. Named, so a new one cannot hide.
 */
const FILE_ANSWERS = ['getDataExportsByToken: 200 answer'];

type MediaTypes = Record<string, { example?: unknown }>;
interface Operation {
  operationId: string;
  requestBody?: { content: MediaTypes };
  responses: Record<string, { content?: MediaTypes }>;
}

/** A JSON answer's media type: plain JSON, or a problem (RFC 9457) for the errors. */
const jsonOf = (response: { content?: MediaTypes }) =>
  response.content?.['application/json'] ?? response.content?.['application/problem+json'];

/**
 * The reference is good enough to generate a client from (issue 20, ADR 196): every JSON body and every
 * JSON answer of every operation carries an example, and each example is valid against the schema the
 * document gives it. (packages/contracts' examples.test.ts parses each one with its zod schema.)
 */
describe('the examples of the API description', () => {
  let t: TestApp;
  let source: string;
  let operations: Operation[];
  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    source = response.body;
    const paths = (JSON.parse(source) as { paths: Record<string, Record<string, Operation>> }).paths;
    operations = Object.values(paths).flatMap((byMethod) => Object.values(byMethod));
  });
  afterAll(() => t.close());

  it('cover every JSON body and every JSON answer, problems included', () => {
    const missing = operations.flatMap((operation) => {
      const body = operation.requestBody?.content['application/json'];
      const answers = Object.entries(operation.responses).filter(([, response]) => jsonOf(response));
      return [
        ...(body && body.example === undefined ? [`${operation.operationId}: request body`] : []),
        ...answers
          .filter(([, response]) => jsonOf(response)?.example === undefined)
          .map(([status]) => `${operation.operationId}: ${status} answer`),
      ];
    });
    expect(missing).toEqual(FILE_ANSWERS);
  });

  it('give every error answer as application/problem+json, the type it is sent with', () => {
    const errors = operations.flatMap((operation) =>
      Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .map(
          ([status, response]) =>
            `${operation.operationId} ${status}: ${Object.keys(response.content ?? {})}`,
        ),
    );
    expect(errors.length).toBeGreaterThan(100);
    expect(errors.filter((line) => !line.endsWith(': application/problem+json'))).toEqual([]);
  });

  it('leave no example of packages/contracts unused', () => {
    const shown = new Set(
      operations.flatMap((operation) =>
        [operation.requestBody, ...Object.values(operation.responses)].flatMap((part) =>
          Object.values(part?.content ?? {}).map((media) => JSON.stringify(media.example)),
        ),
      ),
    );
    const unused = examples.filter(({ value }) => !shown.has(JSON.stringify(value)));
    expect(unused.map(({ schema, value }) => schema.meta()?.id ?? value)).toEqual([]);
  });

  it('fit the schemas the document gives them, without a property the schema does not name', async () => {
    const config = await createConfig({
      rules: {
        'no-invalid-media-type-examples': { severity: 'error', allowAdditionalProperties: false },
      },
    });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const found = problems.map((p) => `${p.location[0]?.pointer}: ${p.message}`);
    expect(found).toEqual([]);
  });
});

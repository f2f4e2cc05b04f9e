import { problemSchema } from '@nest/contracts';
import { exampleOf, problemExample } from '@nest/contracts/examples';

/** The examples of one operation (ADR 196): of its JSON body, and of its answers by status. */
export interface OperationExamples {
  body?: unknown;
  responses: Record<string, unknown>;
}

interface RouteSchema {
  body?: unknown;
  response?: unknown;
  security?: unknown;
}

/**
 * Finds a route's examples by the zod schemas it uses, so an example is the one of the very schema
 * that validates or serialises. A problem answer gets the example of its status for the operation's
 * callers (an API key is told what is wrong with the key).
 */
export function operationExamples(schema: RouteSchema | undefined): OperationExamples {
  const responses = Object.entries((schema?.response ?? {}) as Record<string, unknown>).map(([code, zod]) => {
    const status = Number(code);
    return [code, zod === problemSchema ? problemExample(status, schema?.security) : exampleOf(zod, status)];
  });
  return { body: exampleOf(schema?.body), responses: Object.fromEntries(responses) };
}

type MediaTypes = Record<string, { example?: unknown }>;
/** The media types an example is written for: a JSON answer, or a problem. */
const JSON_TYPES = ['application/json', 'application/problem+json'];
interface Operation {
  operationId?: string;
  requestBody?: { content?: MediaTypes };
  responses?: Record<string, { content?: MediaTypes }>;
}

/**
 * The document with each operation's examples as its JSON media types' `example`. Written here, after
 * the fact, because @fastify/swagger drops anything beside a `$ref`, and bodies and answers are mostly
 * references to named schemas.
 */
export function withExamples<D extends object>(
  document: D,
  examples: ReadonlyMap<string, OperationExamples>,
): D {
  const withExample = (content: MediaTypes | undefined, value: unknown) => {
    const type = JSON_TYPES.find((candidate) => content?.[candidate]);
    return content && type && value !== undefined
      ? { ...content, [type]: { ...content[type], example: value } }
      : content;
  };
  return mapOperations<D, Operation>(document, (operation) => {
    const found = operation.operationId ? examples.get(operation.operationId) : undefined;
    if (!found) return operation;
    return {
      ...operation,
      ...(operation.requestBody
        ? {
            requestBody: {
              ...operation.requestBody,
              content: withExample(operation.requestBody.content, found.body),
            },
          }
        : {}),
      responses: Object.fromEntries(
        Object.entries(operation.responses ?? {}).map(([status, response]) => [
          status,
          { ...response, content: withExample(response.content, found.responses[status]) },
        ]),
      ),
    };
  });
}

/** The document with each of its operations (a path's methods) replaced by what `change` makes of it. */
export function mapOperations<D extends object, O extends object>(
  document: D,
  change: (operation: O) => O,
): D {
  const paths = (document as { paths?: Record<string, Record<string, O>> }).paths;
  if (!paths) return document;
  return {
    ...document,
    paths: Object.fromEntries(
      Object.entries(paths).map(([path, operations]) => [
        path,
        Object.fromEntries(
          Object.entries(operations).map(([method, operation]) => [method, change(operation)]),
        ),
      ]),
    ),
  };
}

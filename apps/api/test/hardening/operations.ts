import fc from 'fast-check';
import {
  type JsonSchema,
  pathSegment,
  percentEncode,
  type SchemaContext,
  validValue,
  valueFor,
  wrongType,
} from './arbitraries.js';

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Operation {
  method: string;
  /** The path as the document writes it: /api/v1/offers/{id}. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

/** One request of the fuzz, printed as is in a counterexample. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Each request from its own address, so that the per-address limits do not answer every case. */
  remoteAddress: string;
  /** The body as sent: JSON text, other text, or bytes. */
  payload?: string | Buffer;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content?.['application/json']?.schema,
      })),
  );
}

/** The world's values for a path parameter: by the path before it (`public/links`, `offers`), else its name. */
function knownFor(path: string, name: string, pathIds: Record<string, readonly string[]>): readonly string[] {
  const before = path.slice(0, path.indexOf(`{${name}}`)).replace(/\/$/, '');
  const match = Object.keys(pathIds)
    .filter((key) => before.endsWith(`/${key}`))
    .sort((a, b) => b.length - a.length)[0];
  return pathIds[match ?? name] ?? [];
}

// Header values travel as latin-1 without control characters; anything else is refused by Node itself.
const asHeaderValue = (value: unknown) => String(value).replace(/[^\t\x20-\x7e]/g, '?');

function queryString(values: [string, unknown][]) {
  const parts = values
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${percentEncode(typeof v === 'string' ? v : JSON.stringify(v))}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

const json = { 'content-type': 'application/json' };

/** Bodies no schema asked for: junk JSON, JSON that does not parse, other media types, bytes. */
const strayBody: fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'payload'>> = fc.oneof(
  wrongType.map((v) => ({ headers: json, payload: JSON.stringify(v) })),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ headers: json, payload: JSON.stringify(v) })),
  fc
    .constantFrom('{', '{"a":', '[1,]', 'nul', '\u0000', '"\\ud800"', '{"__proto__":{"admin":true}}')
    .map((payload) => ({
      headers: json,
      payload,
    })),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'image/png',
        'application/octet-stream',
      ),
      fc.uint8Array({ maxLength: 64 }),
    )
    .map(([type, bytes]) => ({ headers: { 'content-type': type }, payload: Buffer.from(bytes) })),
);

type BodyPart = Pick<FuzzRequest, 'headers' | 'payload'>;
const noBody: BodyPart = { headers: {} };
const jsonBody = (value: unknown): BodyPart => ({ headers: json, payload: JSON.stringify(value) });

/** The body when another part of the request is the hostile one: valid, or none when none is expected. */
function validBody(schema: JsonSchema | undefined, ctx: SchemaContext): fc.Arbitrary<BodyPart> {
  return schema ? validValue(schema, ctx).map(jsonBody) : fc.constant(noBody);
}

/** The body as the hostile part: one odd spot in a valid body, or a body of the wrong kind altogether. */
function hostileBody(schema: JsonSchema | undefined, ctx: SchemaContext): fc.Arbitrary<BodyPart> {
  if (!schema) return strayBody;
  return fc.oneof(
    { weight: 8, arbitrary: valueFor(schema, ctx).map(jsonBody) },
    { weight: 1, arbitrary: strayBody },
    { weight: 1, arbitrary: fc.constant(noBody) },
  );
}

/** Webhook deliveries: event-shaped or not, signed with a made-up signature or none. */
const webhookRequest: fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'payload'>> = fc
  .tuple(
    fc.oneof(
      fc.record({
        id: fc.oneof(fc.string(), fc.constant('evt_\u0000')),
        type: fc.constantFrom(
          'checkout.session.completed',
          'invoice.paid',
          'customer.subscription.deleted',
          'account.updated',
          '',
        ),
        created: fc.integer(),
        data: fc.record({ object: fc.jsonValue({ maxDepth: 2 }) }),
      }),
      fc.jsonValue({ maxDepth: 3 }),
    ),
    fc.option(
      fc
        .tuple(fc.integer({ min: 0, max: 2 ** 31 }), fc.stringMatching(/^[0-9a-f]{0,64}$/))
        .map(([t, v]) => `t=${t},v1=${v}`),
    ),
  )
  .map(([event, signature]) => ({
    headers: { ...json, ...(signature ? { 'sandbox-signature': signature } : {}) },
    payload: JSON.stringify(event),
  }));

/**
 * Requests to the operation with one hostile part at a time (a path parameter, a query or header
 * parameter, or the body), the other parts valid, so that each part is tried past the others' checks.
 */
export function requestFor(
  operation: Operation,
  ctx: SchemaContext,
  pathIds: Record<string, readonly string[]>,
): fc.Arbitrary<FuzzRequest> {
  const inPath = operation.parameters.filter((p) => p.in === 'path');
  const others = operation.parameters.filter((p) => p.in === 'query' || p.in === 'header');
  const known = inPath.map((p) => knownFor(operation.path, p.name, pathIds));
  const webhook = operation.path.includes('/webhooks/');

  const build = (hostile: 'body' | 'none' | Parameter) =>
    fc.record({
      segments: fc.tuple(
        ...inPath.map((p, i) =>
          p === hostile || known[i]!.length === 0 ? pathSegment(known[i]!) : fc.constantFrom(...known[i]!),
        ),
      ),
      values: fc.tuple(
        ...others.map((p) => {
          const value =
            p === hostile ? valueFor(p.schema ?? {}, ctx, p.name) : validValue(p.schema ?? {}, ctx, p.name);
          return p.required || p === hostile ? value : fc.option(value, { nil: undefined });
        }),
      ),
      body: webhook
        ? webhookRequest
        : hostile === 'body'
          ? hostileBody(operation.body, ctx)
          : validBody(operation.body, ctx),
      remoteAddress: fc.ipV4(),
    });

  const variants = [
    { weight: 1, arbitrary: build('none') },
    { weight: operation.body ? 6 : 1, arbitrary: build('body') },
    ...[...inPath, ...others].map((p) => ({ weight: 2, arbitrary: build(p) })),
  ];
  return fc.oneof(...variants).map(({ segments, values, body, remoteAddress }) => {
    let url = operation.path;
    inPath.forEach((p, i) => {
      url = url.replace(`{${p.name}}`, segments[i]!);
    });
    url += queryString(
      others.flatMap((p, i) => (p.in === 'query' ? [[p.name, values[i]] as [string, unknown]] : [])),
    );
    const headers: Record<string, string> = { ...body.headers };
    others.forEach((p, i) => {
      if (p.in === 'header' && values[i] !== undefined) headers[p.name] = asHeaderValue(values[i]);
    });
    return {
      method: operation.method,
      url,
      headers,
      remoteAddress,
      ...(body.payload === undefined ? {} : { payload: body.payload }),
    };
  });
}

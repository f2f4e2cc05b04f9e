import type { IncomingMessage, ServerResponse } from 'node:http';
import { type ErrorCode, type FieldError, PROBLEM_CONTENT_TYPE, type Problem } from '@nest/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.js';
import { interpolate, messages, requestLocale, waitText } from '../lib/i18n.js';
import type { Messages } from '../locales/en-US.js';

type FieldKey = keyof Messages['fields'];

/**
 * Errors that mean the database cannot be reached right now (stopped, restarting, failing over, out of
 * connections), not that the request was wrong: PostgreSQL's connection-exception and shutdown codes,
 * and the socket errors of a connection that is refused or cut. Drizzle wraps the driver's error, so
 * the chain of causes is searched.
 */
const DATABASE_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
const DATABASE_UNAVAILABLE_MESSAGE =
  /Connection terminated|connection timeout|Client has encountered a connection error|Client was closed/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && DATABASE_UNAVAILABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && DATABASE_UNAVAILABLE_MESSAGE.test(message)) return true;
    current = cause;
  }
  return false;
}

interface ValidationItem {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** What the request carried at a validation issue's path: undefined when the value is not there at all. */
function valueAt(request: FastifyRequest, part: string, instancePath: string): unknown {
  const parts: Record<string, unknown> = {
    body: request.body,
    querystring: request.query,
    params: request.params,
    headers: request.headers,
  };
  return instancePath
    .split('/')
    .filter(Boolean)
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      parts[part],
    );
}

/** Maps one zod issue to a field key of the catalogue and its parameters. */
function fieldMessageKey(
  item: ValidationItem,
  given: unknown,
): { key: FieldKey; params: Record<string, unknown> } {
  const p = item.params ?? {};
  const origin = String(p.origin ?? '');
  const kind = origin === 'string' ? 'string' : origin === 'array' || origin === 'set' ? 'array' : 'number';
  switch (item.keyword) {
    case 'invalid_type':
      // zod 4 leaves the input out of its issues: what the request carried there says missing or wrong.
      return { key: given === undefined ? 'required' : 'invalid_type', params: p };
    case 'too_small':
      return { key: `too_small_${kind}` as FieldKey, params: p };
    case 'too_big':
      return { key: `too_big_${kind}` as FieldKey, params: p };
    case 'invalid_format':
      if (p.format === 'email') return { key: 'invalid_email', params: p };
      if (p.format === 'url') return { key: 'invalid_url', params: p };
      return { key: 'invalid_format', params: p };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'invalid_value', params: p };
    case 'unrecognized_keys':
      return { key: 'unrecognized_key', params: p };
    case 'not_multiple_of':
      return { key: 'not_integer', params: p };
    default:
      return { key: 'invalid', params: p };
  }
}

function validationFields(request: FastifyRequest, items: ValidationItem[], part: string): FieldError[] {
  const catalogue = messages(requestLocale(request)).fields;
  return items.flatMap((item) => {
    const base = item.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const { key, params } = fieldMessageKey(item, valueAt(request, part, item.instancePath));
    const message = interpolate(catalogue[key], params);
    // An unknown key is reported once per key, on the key itself.
    if (item.keyword === 'unrecognized_keys' && Array.isArray(params.keys)) {
      return (params.keys as string[]).map((k) => ({
        field: base ? `${base}.${k}` : k,
        code: 'unrecognized_key',
        message,
      }));
    }
    return [{ field: base || part, code: key, message }];
  });
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  options: { status: number; params?: Record<string, unknown>; fields?: FieldError[] },
) {
  const locale = requestLocale(request);
  const text = messages(locale).problems[code];
  // A refusal's wait (`seconds`, as in Retry-After) is said in words: "15 minutes".
  const seconds = options.params?.seconds;
  const params =
    typeof seconds === 'number' ? { ...options.params, wait: waitText(locale, seconds) } : options.params;
  const problem: Problem = {
    type: `https://nest.localhost/problems/${code.replaceAll('_', '-')}`,
    title: text.title,
    status: options.status,
    detail: interpolate(text.detail, params),
    code,
    instance: request.url.split('?')[0],
    ...(options.fields && options.fields.length > 0 ? { errors: options.fields } : {}),
  };
  return reply.status(options.status).type(PROBLEM_CONTENT_TYPE).send(problem);
}

/** Fastify's own error codes that are the client's fault, and what they mean. */
const fastifyClientErrors: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'bad_request',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'bad_request',
  FST_ERR_VALIDATION: 'validation_failed',
};

/** One error handler for the whole API: everything leaves as application/problem+json. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return sendProblem(request, reply, error.code, {
        status: error.status,
        params: error.options.params,
        fields: error.options.fields,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = (error as FastifyError & { validationContext?: string }).validationContext ?? 'body';
      return sendProblem(request, reply, 'validation_failed', {
        status: 400,
        fields: validationFields(request, error.validation as ValidationItem[], part),
      });
    }
    if (error.statusCode === 429) {
      const retryAfter = Number(reply.getHeader('retry-after') ?? 60);
      return sendProblem(request, reply, 'rate_limited', { status: 429, params: { seconds: retryAfter } });
    }
    const mapped = error.code ? fastifyClientErrors[error.code] : undefined;
    if (mapped) {
      return sendProblem(request, reply, mapped, { status: error.statusCode ?? 400 });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return sendProblem(request, reply, 'bad_request', { status: error.statusCode });
    }
    if (isDatabaseUnavailable(error)) {
      // Not a bug of this request: the database is away. Clients and load balancers may retry.
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendProblem(request, reply, 'service_unavailable', { status: 503 });
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(request, reply, 'internal_error', { status: 500 });
  });
});

/**
 * Fastify's router refuses some paths before any hook or route runs: a path parameter longer than the
 * router allows (414), or one that does not decode (%C0%80, 400). Those answers are problems too, with
 * the security headers and the request id every other answer carries.
 */
export function routerErrorHandler(setSecurityHeaders: (req: IncomingMessage, res: ServerResponse) => void) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    setSecurityHeaders(request.raw, reply.raw);
    reply.header('x-request-id', request.id);
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return sendProblem(request, reply, 'uri_too_long', { status: 414 });
    }
    return sendProblem(request, reply, 'bad_request', { status: 400 });
  };
}

import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode, safeParse } from 'zod/v4/core';

/**
 * Schema kinds that read differently forwards (parse) and backwards (encode): codecs and transforms
 * (pipes), and the wrappers that fill or replace a value only when parsing.
 */
const DIRECTIONAL = new Set(['pipe', 'transform', 'default', 'prefault', 'catch', 'success']);

/** Whether any part of the schema reads differently when encoding than when parsing. */
export function isDirectional(schema: $ZodType, seen = new Set<$ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (DIRECTIONAL.has(def.type)) return true;
  const children: unknown[] = [];
  for (const [key, value] of Object.entries(def)) {
    if (key === 'checks') continue;
    if (key === 'getter' && typeof value === 'function') children.push(value());
    else if (key === 'shape' && value && typeof value === 'object') children.push(...Object.values(value));
    else if (Array.isArray(value)) children.push(...value);
    else children.push(value);
  }
  return children.some((child) => child instanceof $ZodType && isDirectional(child, seen));
}

/** fastify-type-provider-zod accepts a schema or `{ properties: schema }`. */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error(`not a zod schema: ${JSON.stringify(schema)}`);
}

/**
 * How each schema is checked, decided once per schema: many routes share one (the problem document
 * answers every route's errors), and the walk is done at startup for each of the app's serializers.
 */
type Check = typeof safeParse | typeof safeEncode;
const checks = new WeakMap<$ZodType, Check>();

function checkOf(schema: $ZodType): Check {
  let check = checks.get(schema);
  if (!check) {
    check = isDirectional(schema) ? safeEncode : safeParse;
    checks.set(schema, check);
  }
  return check;
}

/**
 * Every answer is checked against its route's schema before it is sent (unknown fields dropped; an
 * answer that breaks its contract is a 500, never sent), as fastify-type-provider-zod's serializer
 * does, with one difference: it encodes every answer, and zod's encode runs each part of a schema
 * twice (a first pass without checks, then the checks), about three times the time of a parse. A
 * schema with no codec, transform or default reads the same both ways, so it is parsed; one that has
 * any is still encoded (ADR 214).
 */
export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  const zodSchema = zodSchemaOf(schema);
  const check = checkOf(zodSchema);
  return (data) => {
    const result = check(zodSchema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};

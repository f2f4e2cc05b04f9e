import fc from 'fast-check';

/**
 * fast-check arbitraries drawn from the JSON schemas of the OpenAPI document (zod-fast-check does not
 * know zod 4; the document is generated from the same contracts). Every value mixes what a careful
 * client sends with what an attacker or a careless one does: control characters, very long and odd
 * unicode strings, wrong types, missing and extra keys, out-of-range numbers.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
}

export interface SchemaContext {
  /** components.schemas of the document, for $ref. */
  components: Record<string, JsonSchema>;
  /**
   * Values of the seeded world by property name (the merchant's offer id for `offer_id`, the link's
   * price version for `price_version_id`…), offered often so that requests get past the lookups.
   */
  known?: Record<string, readonly unknown[]>;
}

/** Characters PostgreSQL, JSON, terminals or browsers treat specially. NUL first: text columns refuse it. */
const CONTROL_CHARACTERS = ['\u0000', '\u0001', '\u0007', '\b', '\u001b', '\u007f', '\u0085', '\r\n'];
const UNICODE_SAMPLES = [
  '🦊',
  '👩🏽‍💻',
  'مرحبا بالعالم',
  '\u202eevil', // right-to-left override
  '\ud800', // lone high surrogate
  '\udfff', // lone low surrogate
  'e\u0301',
  '\ufeff',
  '\u2028',
  '𝕏𝔶𝔷',
];
const ODD_STRINGS = [
  '',
  ' ',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, on purpose
  '${7*7}',
  'null',
];

function insertAt(base: string, position: number, piece: string) {
  const at = base.length === 0 ? 0 : position % (base.length + 1);
  return base.slice(0, at) + piece + base.slice(at);
}

/** A string with a control character (mostly NUL), a piece of odd unicode, or made very long. */
export function hostileString(
  base: fc.Arbitrary<string> = fc.string({ maxLength: 12 }),
): fc.Arbitrary<string> {
  const control = fc.oneof(
    { weight: 4, arbitrary: fc.constant('\u0000') },
    { weight: 1, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS) },
  );
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(base, fc.nat(), control).map(([s, at, c]) => insertAt(s, at, c)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(base, fc.nat(), fc.constantFrom(...UNICODE_SAMPLES))
        .map(([s, at, u]) => insertAt(s, at, u)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_STRINGS) },
    { weight: 1, arbitrary: fc.constantFrom(1_000, 10_000, 100_000).map((n) => 'a'.repeat(n)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }) },
  );
}

/** Any JSON value of the wrong kind: what a careless client sends in place of the expected one. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, '', '0', [], {}, [null], { '': '' }),
  fc.constantFrom({ __proto__x: 1 }, { constructor: { prototype: {} } }, ['a', 1, null]),
  hostileString(),
);

function hostileNumber(schema: JsonSchema): fc.Arbitrary<unknown> {
  const bounds = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].filter(
    (b): b is number => b !== undefined,
  );
  return fc.oneof(
    fc.constantFrom(-1, 0, 0.5, -0.000001, 2 ** 31, 2 ** 53 + 2, 1e21, -1e21, Number.MAX_VALUE),
    bounds.length > 0 ? fc.constantFrom(...bounds.flatMap((b) => [b - 1, b + 1, b + 0.5])) : fc.constant(-2),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom('1', '1e3', 'NaN'),
  );
}

function resolve(schema: JsonSchema, ctx: SchemaContext): JsonSchema {
  let s = schema;
  for (let hops = 0; s.$ref && hops < 10; hops += 1) {
    const name = s.$ref.replace('#/components/schemas/', '');
    const target = ctx.components[name];
    if (!target) throw new Error(`unknown $ref ${s.$ref}`);
    s = target;
  }
  return s;
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? min + 40;
  const fits = (s: string) => s.length >= min && s.length <= max;
  if (schema.format === 'uuid') return fc.uuid({ version: 4 });
  if (schema.format === 'email') {
    return fc
      .tuple(
        fc.stringMatching(/^[a-z][a-z0-9.+_-]{0,15}[a-z0-9]$/),
        fc.constantFrom('example.com', 'example.org'),
      )
      .map(([local, domain]) => `${local.replace(/\.{2,}/g, '.')}@${domain}`);
  }
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  }
  if (schema.format === 'uri') return fc.webUrl();
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  const maxLength = Math.min(max, min + 40);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength }) },
    // Ordinary non-ASCII text (accents, CJK, emoji) is valid input, not an attack.
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength }).filter(fits) },
  );
}

function integerBounds(schema: JsonSchema) {
  const min =
    schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : schema.minimum;
  const max = schema.exclusiveMaximum !== undefined ? Math.ceil(schema.exclusiveMaximum) - 1 : schema.maximum;
  const lo = min ?? (max !== undefined ? max - 1_000_000 : -1_000_000);
  return { min: lo, max: max ?? lo + 1_000_000 };
}

/** A value of exactly the schema's shape, its children drawn by `child` (valid or hostile). */
function shaped(
  schema: JsonSchema,
  ctx: SchemaContext,
  child: (s: JsonSchema, name?: string) => fc.Arbitrary<unknown>,
) {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => child(s)));
  if (schema.allOf) return child(mergeAll(schema.allOf.map((s) => resolve(s, ctx))));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => child({ ...schema, type })));
  const nullable = (arb: fc.Arbitrary<unknown>) => (schema.nullable ? fc.option(arb, { nil: null }) : arb);
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return nullable(fc.boolean());
    case 'string':
      return nullable(validString(schema));
    case 'integer':
      return nullable(fc.integer(integerBounds(schema)));
    case 'number': {
      const { min, max } = integerBounds(schema);
      return nullable(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
    }
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 4, minLength + 4);
      return nullable(fc.array(child(schema.items ?? {}), { minLength, maxLength }));
    }
    case 'object':
      return nullable(objectOf(schema, child));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(schema: JsonSchema, child: (s: JsonSchema, name?: string) => fc.Arbitrary<unknown>) {
  const properties = schema.properties ?? {};
  const record = recordOf(properties, schema.required ?? [], child);
  if (typeof schema.additionalProperties !== 'object') return record;
  const extra = fc.dictionary(fc.string({ maxLength: 10 }), child(schema.additionalProperties), {
    maxKeys: 3,
  });
  return fc.tuple(extra, record).map(([more, fixed]) => ({ ...more, ...fixed }));
}

/** The properties, required ones always, each optional one half the time (a client sends few). */
function recordOf(
  properties: Record<string, JsonSchema>,
  required: string[],
  child: (s: JsonSchema, name: string) => fc.Arbitrary<unknown>,
): fc.Arbitrary<Record<string, unknown>> {
  const absent = Symbol('absent');
  const entries = Object.entries(properties).map(([name, s]) => {
    const value = child(s, name);
    return (required.includes(name) ? value : fc.option(value, { nil: absent, freq: 2 })).map(
      (v) => [name, v] as const,
    );
  });
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter(([, v]) => v !== absent)));
}

function mergeAll(schemas: JsonSchema[]): JsonSchema {
  const merged: JsonSchema = { properties: {}, required: [] };
  for (const s of schemas) {
    Object.assign(merged, { ...s, properties: merged.properties, required: merged.required });
    Object.assign(merged.properties!, s.properties);
    merged.required!.push(...(s.required ?? []));
  }
  return merged;
}

/** Hostile values aimed at the schema: its kind broken, its bounds crossed, its keys missing or extra. */
function hostile(schema: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> {
  const kinds = [schema.type].flat();
  const own: fc.Arbitrary<unknown>[] = [];
  if (kinds.includes('string') || schema.enum || schema.pattern || schema.format) {
    own.push(hostileString(schema.enum ? fc.constantFrom(...schema.enum.map(String)) : validString(schema)));
  }
  if (kinds.includes('integer') || kinds.includes('number')) own.push(hostileNumber(schema));
  if (kinds.includes('object')) {
    const valid = shaped(schema, ctx, (s, name) => validValue(s, ctx, name)) as fc.Arbitrary<
      Record<string, unknown>
    >;
    own.push(
      fc.constant({}),
      // A required key missing.
      fc.tuple(valid, fc.nat()).map(([value, n]) => {
        const keys = Object.keys(value ?? {});
        if (keys.length === 0) return value;
        const { [keys[n % keys.length]!]: _dropped, ...rest } = value;
        return rest;
      }),
      // A key the contract does not know.
      fc
        .tuple(
          valid,
          fc.constantFrom('extra', 'is_admin', '__proto__', 'user_id', 'nest_id', '\u0000'),
          wrongType,
        )
        .map(([value, key, v]) => (value && typeof value === 'object' ? { ...value, [key]: v } : value)),
    );
  }
  if (kinds.includes('array'))
    own.push(fc.array(wrongType, { maxLength: 3 }), fc.constant(new Array(1000).fill(0)));
  return own.length === 0
    ? wrongType
    : fc.oneof({ weight: 3, arbitrary: fc.oneof(...own) }, { weight: 1, arbitrary: wrongType });
}

/** A valid value: the world's known value for this property name when there is one, else a fitting one. */
export function validValue(schema: JsonSchema, ctx: SchemaContext, name?: string): fc.Arbitrary<unknown> {
  const s = resolve(schema, ctx);
  const generated = shaped(s, ctx, (c, n) => validValue(c, ctx, n));
  const known = name ? ctx.known?.[name] : undefined;
  if (!known || known.length === 0) return generated;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: generated });
}

/**
 * A valid value with one hostile spot: the whole value, or (for objects, arrays and unions) one part
 * of it, the rest valid. One spot at a time, so that a request is refused for that spot or reaches
 * the code behind validation with it (a NUL in one text field of an otherwise valid offer).
 */
export function valueFor(schema: JsonSchema, ctx: SchemaContext, name?: string): fc.Arbitrary<unknown> {
  const s = resolve(schema, ctx);
  const inside = hostileInside(s, ctx);
  return fc.oneof(
    { weight: 1, arbitrary: validValue(s, ctx, name) },
    ...(inside ? [{ weight: 4, arbitrary: inside }] : []),
    { weight: inside ? 1 : 4, arbitrary: hostile(s, ctx) },
  );
}

/** Whether the schema is, or holds, a free text string (no enum, pattern or format to refuse odd input). */
function holdsText(schema: JsonSchema, ctx: SchemaContext, depth = 0): boolean {
  const s = resolve(schema, ctx);
  if (depth > 4) return false;
  if (s.type === 'string' && !s.enum && !s.pattern && !s.format && s.const === undefined) return true;
  const parts = [
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
    ...(s.allOf ?? []),
    ...Object.values(s.properties ?? {}),
  ];
  return parts.some((part) => holdsText(part, ctx, depth + 1));
}

/** The value of a composite schema with one part (a property, an item, a branch) drawn by valueFor. */
function hostileInside(s: JsonSchema, ctx: SchemaContext): fc.Arbitrary<unknown> | undefined {
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((branch) => valueFor(branch, ctx)));
  if (s.allOf) return hostileInside(mergeAll(s.allOf.map((b) => resolve(b, ctx))), ctx);
  if (s.type === 'array') {
    const item = s.items ?? {};
    return fc
      .tuple(fc.array(validValue(item, ctx), { maxLength: 3 }), valueFor(item, ctx), fc.nat())
      .map(([items, odd, at]) => items.toSpliced(at % (items.length + 1), 0, odd));
  }
  const names = Object.keys(s.properties ?? {});
  if (s.type !== 'object' || names.length === 0) return undefined;
  // Free text is where most inputs hurt (NUL in a text column), so a text property is picked more often.
  return fc.oneof(
    ...names.map((focus) => ({
      weight: holdsText(s.properties![focus]!, ctx) ? 3 : 1,
      arbitrary: recordOf(s.properties ?? {}, [...(s.required ?? []), focus], (c, n) =>
        n === focus ? valueFor(c, ctx, n) : validValue(c, ctx, n),
      ),
    })),
  );
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) becomes the bytes a careless
 * encoder writes for it (WTF-8, %ED%A0%80): one more thing the server must refuse cleanly.
 */
export function percentEncode(value: string): string {
  return value
    .split(/([\ud800-\udfff])/u)
    .map((part) => {
      if (!/^[\ud800-\udfff]$/u.test(part)) return encodeURIComponent(part);
      const c = part.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/**
 * A path segment, already encoded: the world's id for this parameter now and then, else a random
 * uuid, garbage, an encoded NUL, or one far longer than any id.
 */
export function pathSegment(known: readonly string[]): fc.Arbitrary<string> {
  const garbage = hostileString(fc.stringMatching(/^[a-z0-9-]{1,40}$/)).map(percentEncode);
  return fc.oneof(
    { weight: 2, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.uuid({ version: 4 }) },
    { weight: 1, arbitrary: fc.uuid({ version: 4 }) },
    { weight: 3, arbitrary: garbage },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '%00',
        'me',
        '0',
        '-1',
        'null',
        '%25',
        '%C0%80',
        '%F0%9F%A6%8A',
        '..%2F..',
        'a'.repeat(101),
        'a'.repeat(5_000),
        '00000000-0000-0000-0000-000000000000',
        '00000000-0000-0000-0000-00000000000%00',
      ),
    },
  );
}

import { merchantSchema, problemSchema, publicLinkSchema, verificationSchema } from '@nest/contracts';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isDirectional, serializerCompiler } from '../../src/lib/answer-serializer.js';

/** A `Date` in the app, its ISO string on the wire. */
const dated = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

const serializerOf = (schema: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' } as never);

describe('the answer serializer (ADR 214)', () => {
  it('parses the contracts’ answers: none reads differently when encoded', () => {
    for (const schema of [merchantSchema, publicLinkSchema, verificationSchema, problemSchema]) {
      expect(isDirectional(schema)).toBe(false);
    }
  });

  it('finds a codec, transform or default wherever it is nested', () => {
    expect(isDirectional(z.object({ at: dated }))).toBe(true);
    expect(isDirectional(z.object({ list: z.array(z.object({ n: z.number().default(1) })) }))).toBe(true);
    expect(isDirectional(z.union([z.string(), z.object({ x: z.string().transform(Number) })]))).toBe(true);
    expect(isDirectional(z.record(z.string(), z.string().catch('')).nullable())).toBe(true);
    type Tree = { children: Tree[] };
    const tree: z.ZodType<Tree> = z.lazy(() => z.object({ children: z.array(tree) }));
    expect(isDirectional(tree)).toBe(false);
    const datedTree: z.ZodType = z.lazy(() => z.object({ at: dated, children: z.array(datedTree) }));
    expect(isDirectional(datedTree)).toBe(true);
  });

  it('drops fields the contract does not name and refuses an answer that breaks it', () => {
    const serialize = serializerOf(z.object({ id: z.string(), name: z.string().nullable() }));
    expect(serialize({ id: 'a', name: null, password_hash: 'secret' })).toBe('{"id":"a","name":null}');
    let thrown: unknown;
    try {
      serialize({ id: 1, name: null });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(isResponseSerializationError(thrown as Error)).toBe(true);
  });

  it('still encodes a schema with a codec', () => {
    const serialize = serializerOf(z.object({ at: dated }));
    expect(serialize({ at: new Date('2026-11-28T10:00:00Z') })).toBe('{"at":"2026-11-28T10:00:00.000Z"}');
  });
});

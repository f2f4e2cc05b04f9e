import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.js';
import { text } from './text.js';

type JsonSchema = {
  type?: string | string[];
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  [key: string]: unknown;
};

/** Every string a schema accepts, as a JSON pointer to its node. */
function stringNodes(node: unknown, path = ''): { path: string; node: JsonSchema }[] {
  if (!node || typeof node !== 'object') return [];
  if (Array.isArray(node)) return node.flatMap((item, i) => stringNodes(item, `${path}/${i}`));
  const schema = node as JsonSchema;
  const own = [schema.type].flat().includes('string') ? [{ path: path || '/', node: schema }] : [];
  return [
    ...own,
    ...Object.entries(schema).flatMap(([key, value]) =>
      key === 'type' ? [] : stringNodes(value, `${path}/${key}`),
    ),
  ];
}

/** Strings whose shape already excludes control characters: enums, constants and strict formats. */
function isClosed(node: JsonSchema): boolean {
  return (
    node.enum !== undefined ||
    node.const !== undefined ||
    ['uuid', 'email', 'date-time'].includes(String(node.format))
  );
}

const inputSchemas = Object.entries(contracts as Record<string, unknown>).flatMap(([name, value]) =>
  /(Body|Params|Query|Request)Schema$/.test(name) && value instanceof z.ZodType
    ? [[name, value] as const]
    : [],
);

describe('text a caller sends', () => {
  it('refuses NUL and other control characters, and keeps tabs and new lines', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001B[31m', '\u007F'])
      expect(text().safeParse(bad).success).toBe(false);
    for (const good of ['Café Lumière', 'line one\nline two', 'a\tb', '☕ 🥐', 'مرحبا']) {
      expect(text().safeParse(good).success).toBe(true);
    }
  });

  it('is how every string field of every request contract is declared', () => {
    expect(inputSchemas.length).toBeGreaterThan(25);
    const open: string[] = [];
    for (const [name, schema] of inputSchemas) {
      const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
      for (const { path, node } of stringNodes(json)) {
        // Passwords and one-time tokens are hashed, never stored as text: any character may be part of one.
        if (/password|token/.test(path)) continue;
        if (!isClosed(node) && !node.pattern) open.push(`${name}${path}`);
      }
    }
    expect(open).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { examples } from './examples.js';

describe('the examples of the API reference', () => {
  it('each parses with the zod schema it illustrates, unchanged', () => {
    const refused = examples.flatMap(({ schema, value }) => {
      const name = schema.meta()?.id ?? JSON.stringify(value).slice(0, 60);
      const result = schema.safeParse(value);
      if (!result.success) return [`${name}: ${result.error.message}`];
      return JSON.stringify(result.data) === JSON.stringify(value) ? [] : [`${name}: changed by parsing`];
    });
    expect(refused).toEqual([]);
  });

  it('are one per schema, unless written for a status', () => {
    const keys = examples.map(({ schema, status }) => [schema, status ?? 'any'] as const);
    const duplicates = keys.filter(
      ([schema, status], index) => keys.findIndex(([s, st]) => s === schema && st === status) !== index,
    );
    expect(duplicates.map(([schema]) => schema.meta()?.id)).toEqual([]);
  });
});

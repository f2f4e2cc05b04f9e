import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { locales } from '@nest/contracts';
import { describe, expect, it } from 'vitest';

const dir = path.dirname(new URL(import.meta.url).pathname);

/** Every key path with the type of its value ("documents.x.sections" → array of length 5). */
function shape(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value))
    return [`${prefix}[${value.length}]`, ...value.flatMap((v, i) => shape(v, `${prefix}[${i}]`))];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, v]) => shape(v, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function placeholders(value: unknown): string[] {
  if (typeof value === 'string') return [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();
  if (Array.isArray(value)) return value.flatMap(placeholders);
  if (value && typeof value === 'object') return Object.values(value).flatMap(placeholders);
  return [];
}

const read = (locale: string, file: string) => JSON.parse(readFileSync(path.join(dir, locale, file), 'utf8'));

describe('every locale says everything the English catalogues say', () => {
  const files = readdirSync(path.join(dir, 'en-US')).filter((f) => f.endsWith('.json'));

  it('has the same files', () => {
    for (const locale of locales) {
      expect(
        readdirSync(path.join(dir, locale))
          .filter((f) => f.endsWith('.json'))
          .sort(),
      ).toEqual(files.sort());
    }
  });

  for (const file of files) {
    it(`${file}: same keys, same placeholders, no empty text`, () => {
      const english = read('en-US', file);
      for (const locale of locales) {
        const other = read(locale, file);
        expect(shape(other), locale).toEqual(shape(english));
        expect(placeholders(other), locale).toEqual(placeholders(english));
        expect(JSON.stringify(other)).not.toMatch(/:""/);
      }
    });
  }
});

import { describe, expect, it } from 'vitest';
import { createLinkQrCache, matchesIfNoneMatch } from '../../src/modules/links/link-qr-cache.js';

/** A renderer that counts its drawings, so the tests prove caching without timing anything. */
function countingRenderer() {
  const drawn: string[] = [];
  const render = async (url: string, format: string, width: number) => {
    drawn.push(`${format} ${width} ${url}`);
    return Buffer.from(`${format}:${width}:${url}`);
  };
  return { drawn, render };
}

describe('the link QR cache', () => {
  it('draws an image once and answers the same bytes and ETag again', async () => {
    const { drawn, render } = countingRenderer();
    const cache = createLinkQrCache({ render });
    const first = await cache.get('https://nest.test/l/abc', 'png', 1024);
    const second = await cache.get('https://nest.test/l/abc', 'png', 1024);
    expect(drawn).toHaveLength(1);
    expect(second).toEqual(first);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
  });

  it('shares one drawing between requests arriving together', async () => {
    const { drawn, render } = countingRenderer();
    const cache = createLinkQrCache({ render });
    await Promise.all([1, 2, 3, 4].map(() => cache.get('https://nest.test/l/abc', 'png', 1024)));
    expect(drawn).toHaveLength(1);
  });

  it('keeps another size, format or address as another entry with another ETag', async () => {
    const { drawn, render } = countingRenderer();
    const cache = createLinkQrCache({ render });
    const images = await Promise.all([
      cache.get('https://nest.test/l/abc', 'png', 1024),
      cache.get('https://nest.test/l/abc', 'png', 512),
      cache.get('https://nest.test/l/abc', 'svg', 1024),
      cache.get('https://nest.test/l/xyz', 'png', 1024),
    ]);
    expect(drawn).toHaveLength(4);
    expect(new Set(images.map((i) => i.etag)).size).toBe(4);
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const { drawn, render } = countingRenderer();
    const cache = createLinkQrCache({ render, maxEntries: 2 });
    await cache.get('a', 'png', 1024);
    await cache.get('b', 'png', 1024);
    await cache.get('a', 'png', 1024); // a is now the most recently used
    await cache.get('c', 'png', 1024); // b goes
    expect(cache.size).toBe(2);
    await cache.get('a', 'png', 1024);
    expect(drawn).toEqual(['png 1024 a', 'png 1024 b', 'png 1024 c']);
    await cache.get('b', 'png', 1024);
    expect(drawn).toHaveLength(4);
  });

  it('forgets a drawing that failed, so the next request draws again', async () => {
    let calls = 0;
    const cache = createLinkQrCache({
      render: async () => {
        calls += 1;
        if (calls === 1) throw new Error('out of memory');
        return Buffer.from('png');
      },
    });
    await expect(cache.get('a', 'png', 1024)).rejects.toThrow('out of memory');
    await expect(cache.get('a', 'png', 1024)).resolves.toMatchObject({ body: Buffer.from('png') });
  });

  it('reads If-None-Match lists, weak forms and *', () => {
    expect(matchesIfNoneMatch('"x"', '"x"')).toBe(true);
    expect(matchesIfNoneMatch('"a", W/"x"', '"x"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"x"')).toBe(true);
    expect(matchesIfNoneMatch('"y"', '"x"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"x"')).toBe(false);
  });
});

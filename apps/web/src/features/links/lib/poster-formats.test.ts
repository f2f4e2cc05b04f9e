import { describe, expect, it } from 'vitest';
import { posterPages, shortLinkAddress } from './poster-formats';

describe('the poster formats', () => {
  it('prints the link’s address without its scheme, for those who cannot scan', () => {
    expect(shortLinkAddress('https://nest.example/links/AbCdEfGhIjKl')).toBe(
      'nest.example/links/AbCdEfGhIjKl',
    );
    expect(shortLinkAddress('http://127.0.0.1:3000/links/AbCdEfGhIjKl/')).toBe(
      '127.0.0.1:3000/links/AbCdEfGhIjKl',
    );
  });

  it('puts the A4 poster and the table tent on an A4 sheet, the counter card on A6', () => {
    expect(posterPages.a4).toEqual({ widthMm: 210, heightMm: 297 });
    expect(posterPages['a5-tent']).toEqual({ widthMm: 210, heightMm: 297 });
    expect(posterPages.a6).toEqual({ widthMm: 105, heightMm: 148 });
  });
});

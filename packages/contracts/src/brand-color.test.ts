import { describe, expect, it } from 'vitest';
import {
  COVER_TEXT_DARK,
  COVER_TEXT_LIGHT,
  contrastRatio,
  coverColors,
  DEFAULT_BRAND_COLOR,
  MIN_TEXT_CONTRAST,
} from './brand-color.js';

describe('the colours of a nest’s cover', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('writes white on dark colours and near-black on light ones', () => {
    expect(coverColors('#1d4ed8')).toEqual({ background: '#1d4ed8', text: COVER_TEXT_LIGHT });
    expect(coverColors('#FDE68A')).toEqual({ background: '#fde68a', text: COVER_TEXT_DARK });
    expect(coverColors('#ffffff').text).toBe(COVER_TEXT_DARK);
  });

  it('is Nest’s accent without a colour, or with one that is not #rrggbb', () => {
    expect(coverColors(null).background).toBe(DEFAULT_BRAND_COLOR);
    expect(coverColors('red').background).toBe(DEFAULT_BRAND_COLOR);
  });

  it('reaches 4.5:1 for every colour, darkening only the mid-tones where neither text would', () => {
    let nudged = 0;
    for (let r = 0; r < 256; r += 15) {
      for (let g = 0; g < 256; g += 15) {
        for (let b = 0; b < 256; b += 15) {
          const hex = `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
          const { background, text } = coverColors(hex);
          expect(contrastRatio(background, text), hex).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
          if (background !== hex) nudged++;
        }
      }
    }
    // A narrow band: most colours are kept exactly as chosen.
    expect(nudged).toBeLessThan(0.05 * 18 ** 3);
  });
});

// No zod here: the public link page imports these helpers and must stay small (ADR 075, 197).

/** A brand colour as stored and sent: `#rrggbb`, lower case. */
export const BRAND_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

/** Nest's own accent (teal 700), the cover of a nest that chose no colour. */
export const DEFAULT_BRAND_COLOR = '#0f766e';

/** Text on a cover is white, or this near-black (slate 950) on light colours. */
export const COVER_TEXT_LIGHT = '#ffffff';
export const COVER_TEXT_DARK = '#020617';

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

export function isBrandColor(value: string): boolean {
  return BRAND_COLOR_PATTERN.test(value);
}

function channel(hex: string, start: number): number {
  const value = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance of `#rrggbb`, from 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** WCAG 2 contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

function toHex(value: number): string {
  return Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, '0');
}

/** The colour moved towards black by `amount` (0–1), keeping its hue. */
function darken(hex: string, amount: number): string {
  const parts = [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) * (1 - amount));
  return `#${parts.map(toHex).join('')}`;
}

export interface CoverColors {
  /** The cover's background: the merchant's colour (nudged darker only where no text colour reads on it). */
  background: string;
  /** White or near-black, whichever reads best: at least 4.5:1 on the background. */
  text: string;
}

/**
 * The colours of a nest's cover (link page, checkout, poster): its brand colour (Nest's accent when
 * none) and the text on it. The text is white or near-black, whichever contrasts more. In the narrow
 * band of mid-tones where neither reaches WCAG AA (4.5:1), the background is darkened in small steps
 * until white does, so the merchant's name is always readable, in light and dark mode alike.
 */
export function coverColors(brandColor: string | null | undefined): CoverColors {
  const chosen = brandColor && isBrandColor(brandColor) ? brandColor.toLowerCase() : DEFAULT_BRAND_COLOR;
  let background = chosen;
  for (let step = 0; step < 20; step++) {
    const onWhite = contrastRatio(background, COVER_TEXT_LIGHT);
    const onDark = contrastRatio(background, COVER_TEXT_DARK);
    if (onWhite >= MIN_TEXT_CONTRAST || onDark >= MIN_TEXT_CONTRAST) {
      return { background, text: onWhite >= onDark ? COVER_TEXT_LIGHT : COVER_TEXT_DARK };
    }
    background = darken(background, 0.04);
  }
  return { background, text: COVER_TEXT_LIGHT };
}

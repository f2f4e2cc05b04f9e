/**
 * The printable formats of a link's poster (ADR 197). Each prints on one page of the given size:
 * - a4: a poster for a window or a wall (A4 portrait);
 * - a5-tent: a table tent, two A5 landscape faces on one A4 portrait sheet, the top one upside down,
 *   so the sheet folded across its middle stands on a table and reads upright from both sides;
 * - a6: a counter card (A6 portrait), the A4 poster at half scale.
 */
export const posterFormats = ['a4', 'a5-tent', 'a6'] as const;
export type PosterFormat = (typeof posterFormats)[number];

/** The printed page, in millimetres (`@page` sizes are written in mm: Chromium has no `A6` keyword). */
export interface PosterPage {
  widthMm: number;
  heightMm: number;
}

export const posterPages: Record<PosterFormat, PosterPage> = {
  a4: { widthMm: 210, heightMm: 297 },
  'a5-tent': { widthMm: 210, heightMm: 297 },
  a6: { widthMm: 105, heightMm: 148 },
};

/** The address printed under the QR code for those who cannot scan: no scheme, nothing to mistype. */
export function shortLinkAddress(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

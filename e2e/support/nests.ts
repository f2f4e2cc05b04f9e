import type { APIRequestContext, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expect } from './fixtures';

/** The nest a test starts with when it is not about creating one. */
const atelierNord = {
  name: 'Atelier Nord',
  category: 'shop',
  address: { line1: '3 quai des Chartrons', postal_code: '33000', city: 'Bordeaux', country: 'FR' },
  time_zone: 'Europe/Paris',
};

/**
 * The signed-in merchant's nest, made through the API (onboarding done) from the page's browser
 * context, or from a merchant's request context.
 */
export async function createNest(
  target: Page | APIRequestContext,
  nest: Partial<typeof atelierNord> = {},
): Promise<void> {
  const request = 'request' in target ? target.request : target;
  const response = await request.post('/api/v1/nests', { data: { ...atelierNord, ...nest } });
  expect(response.status(), await response.text()).toBe(201);
}

/** A PNG logo larger than the app keeps (so the browser shrinks it before sending). */
export function logoPng(width = 900, height = 600): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (width * y + x) << 2;
      png.data[i] = 20 + (x * 200) / width;
      png.data[i + 1] = 120;
      png.data[i + 2] = 20 + (y * 200) / height;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

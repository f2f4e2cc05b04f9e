// Draws the app icons of the web app manifest (public/icons) from the nest mark. Run once after the
// mark changes: `node apps/web/scripts/make-icons.mjs` (uses the API's sharp). The PNGs are committed.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '../../api/package.json'));
const sharp = require('sharp');
const out = path.join(here, '../public/icons');

const BRAND = '#0f766e';
const mark =
  '<path d="M7 19c2.5 4 5.5 6 9 6s6.5-2 9-6M9 15c2-3 4.5-4.5 7-4.5S21 12 23 15M12 11.5 16 7l4 4.5" ' +
  'fill="none" stroke="white" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/>';

/** The rounded square of the brand (any purpose), or a full-bleed square with the mark in the safe zone (maskable). */
function svg(maskable) {
  if (maskable) {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(4 4) scale(0.75)">${mark}</g></svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="${BRAND}"/>${mark}</svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  // iOS draws its own rounded corners and ignores transparency: the full-bleed square.
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

for (const icon of icons) {
  await sharp(Buffer.from(svg(icon.maskable)), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, icon.file));
  process.stdout.write(`${icon.file} ${icon.size}×${icon.size}\n`);
}

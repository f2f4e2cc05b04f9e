import { createHash } from 'node:crypto';
import { LOGO_MAX_SIZE_PX } from '@nest/contracts';
import { AppError } from '../../lib/errors.js';

type LogoSourceType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The file's real type from its first bytes; the name and the declared Content-Type prove nothing. */
export function detectImageType(bytes: Buffer): LogoSourceType | undefined {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

/** A small image compresses well: this bounds the memory a decompression bomb could take. */
const MAX_INPUT_PIXELS = 40_000_000;

export interface ProcessedLogo {
  bytes: Buffer;
  contentType: 'image/webp';
  etag: string;
}

/**
 * Checks the upload is a PNG, JPEG or WebP image, then re-encodes it as WebP no larger than
 * 256×256 (aspect kept, never enlarged, orientation applied, metadata dropped). Re-encoding means
 * nothing of the uploaded file but its pixels is ever served.
 */
export async function processLogo(upload: Buffer): Promise<ProcessedLogo> {
  const sourceType = detectImageType(upload);
  if (!sourceType) throw new AppError('unsupported_image', { status: 415 });
  // Loaded when first needed, not at start (libvips is large; ADR 223).
  const { default: sharp } = await import('sharp');
  let bytes: Buffer;
  try {
    bytes = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(LOGO_MAX_SIZE_PX, LOGO_MAX_SIZE_PX, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100, effort: 4 })
      .toBuffer();
  } catch (error) {
    throw new AppError('invalid_image', { status: 422, cause: error });
  }
  const etag = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
  return { bytes, contentType: 'image/webp', etag };
}

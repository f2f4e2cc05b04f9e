import { LOGO_MAX_BYTES, logoMediaTypes } from '@nest/contracts';

/**
 * The longest side of a logo resized in the browser. The API stores at most 256×256; twice that keeps
 * it sharp on high-density screens if the API's size ever grows, and a phone photo of several
 * megabytes becomes a few dozen kilobytes before it is sent.
 */
export const LOGO_UPLOAD_MAX_PX = 512;

export type LogoProblem = 'type' | 'size' | 'unreadable';

/** Refuses a file the API would refuse by its type: PNG, JPEG or WebP only. */
export function checkLogoType(file: Pick<File, 'type'>): LogoProblem | null {
  return (logoMediaTypes as readonly string[]).includes(file.type) ? null : 'type';
}

/** The size to draw an image at so its longest side is at most `max`, never enlarged. */
export function fitWithin(width: number, height: number, max = LOGO_UPLOAD_MAX_PX) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function toBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.9));
}

export type PreparedLogo = { ok: true; blob: Blob } | { ok: false; problem: LogoProblem };

/**
 * Checks a chosen logo and shrinks it when it is larger than needed: the type must be PNG, JPEG or WebP;
 * a large image is redrawn at most 512 px wide (WebP, or PNG where the browser cannot write WebP);
 * what is sent must be at most 2 MB. The API checks all of it again on the bytes and re-encodes.
 */
export async function prepareLogo(file: File): Promise<PreparedLogo> {
  const typeProblem = checkLogoType(file);
  if (typeProblem) return { ok: false, problem: typeProblem };
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  try {
    const small = bitmap.width <= LOGO_UPLOAD_MAX_PX && bitmap.height <= LOGO_UPLOAD_MAX_PX;
    if (small && file.size <= LOGO_MAX_BYTES) return { ok: true, blob: file };
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context)
      return file.size <= LOGO_MAX_BYTES ? { ok: true, blob: file } : { ok: false, problem: 'size' };
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    let blob = await toBlob(canvas, 'image/webp');
    // A browser that cannot write WebP silently answers PNG (or nothing): keep whatever it made.
    if (!blob || !(logoMediaTypes as readonly string[]).includes(blob.type))
      blob = await toBlob(canvas, 'image/png');
    if (!blob) return { ok: false, problem: 'unreadable' };
    return blob.size <= LOGO_MAX_BYTES ? { ok: true, blob } : { ok: false, problem: 'size' };
  } finally {
    bitmap.close();
  }
}

/** What can be read for a QR code: a camera frame, or a picture. */
export type QrSource = HTMLVideoElement | ImageBitmap;

export type QrDecoder = (source: QrSource) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: QrSource): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

function sizeOf(source: QrSource): { width: number; height: number } {
  return source instanceof HTMLVideoElement
    ? { width: source.videoWidth, height: source.videoHeight }
    : { width: source.width, height: source.height };
}

/** The browser's own detector, when it has one that reads QR codes. */
async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (source) => {
      const found = await detector.detect(source);
      return found[0]?.rawValue ?? null;
    };
  } catch {
    return null;
  }
}

/** jsQR on a canvas copy of the frame: loaded only when the browser has no detector (ADR 093). */
async function jsqrDecoder(): Promise<QrDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (source) => {
    const { width, height } = sizeOf(source);
    if (!context || width === 0 || height === 0) return null;
    // Large photos are scaled down: jsQR's time grows with the pixels, the code stays readable.
    const scale = Math.min(1, 1024 / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(source, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

let decoder: Promise<QrDecoder> | undefined;

/** The QR decoder of this browser, made once. */
export function qrDecoder(): Promise<QrDecoder> {
  decoder ??= nativeDecoder().then((native) => native ?? jsqrDecoder());
  return decoder;
}

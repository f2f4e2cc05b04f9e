/** Printed at a counter and scanned from a metre away: medium error correction, a large PNG. */
const ERROR_CORRECTION = 'M' as const;
export const QR_PNG_WIDTH = 1024;
/** The quiet zone the QR specification asks for, in modules. */
const MARGIN = 4;

export type QrFormat = 'svg' | 'png';

/** The QR code of a link's address, as SVG (posters, any size) or PNG (messages, social posts). */
export async function renderLinkQr(
  url: string,
  format: QrFormat,
  width = QR_PNG_WIDTH,
): Promise<Buffer | string> {
  // Loaded when the first code is drawn, not at start (ADR 223).
  const { default: QRCode } = await import('qrcode');
  if (format === 'svg') {
    return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: ERROR_CORRECTION, margin: MARGIN });
  }
  return QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: MARGIN,
    width,
  });
}

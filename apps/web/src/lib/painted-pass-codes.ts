/**
 * A page the server painted (ADR 209) already holds its pass's QR code: the image the same library drew
 * there. The app's first render reuses it instead of drawing it again (on a slow phone, drawing one
 * code is tens of milliseconds of the takeover's single task). No library here: the shell imports it.
 */

/** On a drawn code's `<img>` (`data-qr-text`, written by the screens that show one): the text it encodes. */
const QR_TEXT_ATTRIBUTE = 'data-qr-text';

const painted = new Map<string, string>();

/** Keeps the codes of the painted page under `root`, before the app adopts it. */
export function keepPaintedQrImages(root: ParentNode): void {
  for (const image of root.querySelectorAll(`img[${QR_TEXT_ATTRIBUTE}]`)) {
    const text = image.getAttribute(QR_TEXT_ATTRIBUTE);
    const src = image.getAttribute('src');
    if (text && src?.startsWith('data:image/svg+xml')) painted.set(text, src);
  }
}

/** The painted image of `text`, once: the next code (a renewed token) is drawn. */
export function takePaintedQrImage(text: string): string | undefined {
  const src = painted.get(text);
  painted.delete(text);
  return src;
}

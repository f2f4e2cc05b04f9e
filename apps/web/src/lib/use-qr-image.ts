import { useEffect, useMemo, useState } from 'react';
import { takePaintedQrImage } from './painted-pass-codes';

type QrLibrary = typeof import('qrcode');

let library: QrLibrary | undefined;
/**
 * The QR library, asked for as soon as a screen that draws a code has loaded this module (the pass on
 * the overview and the success page), before it renders: alongside the page's code and words, not
 * after them (the customer's pass is the overview's largest paint, ADR 205).
 */
const qrLibrary = import('qrcode').then((module) => {
  library = module;
  return module;
});

/**
 * Settles once the library is here (or failed): a page the server painted with its pass (ADR 209)
 * waits for it before the app's first render, which then draws the same code at once.
 */
export const qrLibraryReady: Promise<void> = qrLibrary.then(
  () => undefined,
  () => undefined,
);

/**
 * The code drawn now (the library draws synchronously when given a callback), once the library is here;
 * on a painted page's first render, the image the server drew.
 */
function drawNow(text: string): string | undefined {
  const painted = takePaintedQrImage(text);
  if (painted) return painted;
  if (!library) return undefined;
  let src: string | undefined;
  library.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }, (error, svg) => {
    if (error) console.error('Could not draw the QR code.', error);
    else src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });
  return src;
}

/**
 * Draws a text (a pass token) as a QR code image (SVG data URL): in the render itself once the library
 * is here (the server's render and the app's first one draw the same image), else when it arrives. The
 * previous image stays until the new one is drawn, so the code never blinks.
 */
export function useQrImage(text: string | undefined): string | undefined {
  const now = useMemo(() => (text ? drawNow(text) : undefined), [text]);
  const [later, setLater] = useState<{ text: string; src: string }>();
  useEffect(() => {
    if (!text || now) return;
    let current = true;
    qrLibrary
      .then(() => {
        const src = drawNow(text);
        if (current && src) setLater({ text, src });
      })
      .catch((error: unknown) => console.error('Could not draw the QR code.', error));
    return () => {
      current = false;
    };
  }, [text, now]);
  return now ?? later?.src;
}

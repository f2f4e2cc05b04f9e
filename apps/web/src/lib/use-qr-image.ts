import { useEffect, useState } from 'react';

/**
 * The QR library, asked for as soon as a screen that draws a code has loaded this module (the pass on
 * the overview and the success page), before it renders: alongside the page's code and words, not
 * after them (the customer's pass is the overview's largest paint, ADR 205).
 */
const qrLibrary = import('qrcode');
qrLibrary.catch(() => undefined);

/**
 * Draws a text (a pass token) as a QR code image (SVG data URL). The previous image stays until the
 * new one is drawn, so the code never blinks.
 */
export function useQrImage(text: string | undefined): string | undefined {
  const [image, setImage] = useState<{ text: string; src: string }>();
  useEffect(() => {
    if (!text) return;
    let current = true;
    qrLibrary
      .then((qrcode) => qrcode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => {
        if (current) setImage({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch((error: unknown) => console.error('Could not draw the QR code.', error));
    return () => {
      current = false;
    };
  }, [text]);
  return image?.src;
}

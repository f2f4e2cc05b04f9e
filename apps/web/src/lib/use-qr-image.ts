import { useEffect, useState } from 'react';

let qrLibrary: Promise<typeof import('qrcode')> | undefined;
const loadQrLibrary = () => {
  qrLibrary ??= import('qrcode');
  return qrLibrary;
};

/**
 * Draws a text (a pass token) as a QR code image (SVG data URL). The QR library is downloaded only
 * where a code is shown, as soon as that place is on screen: while the token is still on its way, not
 * after it (the customer's pass is the overview's largest paint, ADR 205). The previous image stays
 * until the new one is drawn, so the code never blinks.
 */
export function useQrImage(text: string | undefined): string | undefined {
  const [image, setImage] = useState<{ text: string; src: string }>();
  useEffect(() => {
    const library = loadQrLibrary();
    if (!text) return;
    let current = true;
    library
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

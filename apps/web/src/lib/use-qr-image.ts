import { useEffect, useState } from 'react';

/**
 * Draws a text (a pass token) as a QR code image (SVG data URL). The QR library is downloaded only
 * when a code is shown. The previous image stays until the new one is drawn, so the code never blinks.
 */
export function useQrImage(text: string | undefined): string | undefined {
  const [image, setImage] = useState<{ text: string; src: string }>();
  useEffect(() => {
    if (!text) return;
    let current = true;
    import('qrcode')
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

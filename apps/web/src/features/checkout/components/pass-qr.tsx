import type { Pass } from '@nest/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Renders a pass token as a QR image; the QR library is downloaded only when a pass is shown. */
function usePassImage(token: string): string | undefined {
  const [image, setImage] = useState<{ token: string; src: string }>();
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toString(token, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => {
        if (current) setImage({ token, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
      })
      .catch((error: unknown) => console.error('Could not draw the pass QR code.', error));
    return () => {
      current = false;
    };
  }, [token]);
  // The previous image stays until the new one is drawn, so the code never blinks.
  return image?.src;
}

/** The customer's pass: a QR of the rotating token, their first name and the short code for the counter. */
export function PassQr({ pass, firstName }: { pass: Pass; firstName: string }) {
  const { t } = useTranslation('links');
  const src = usePassImage(pass.token);
  return (
    <figure className="flex flex-col items-center gap-3" data-testid="pass" data-token={pass.token}>
      <div className="size-64 rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
        {src ? <img src={src} alt={t('success.passAlt')} className="size-full" /> : null}
      </div>
      <figcaption className="flex flex-col items-center gap-1">
        <span className="text-lg font-semibold">{firstName}</span>
        <span className="text-sm text-slate-600 dark:text-slate-300">
          {t('success.code')}{' '}
          <span className="font-mono text-base font-semibold tracking-widest" data-testid="pass-code">
            {pass.code}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

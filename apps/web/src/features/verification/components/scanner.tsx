import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { qrDecoder } from '../lib/decode-qr';

/** How often a camera frame is read. */
const SCAN_INTERVAL_MS = 250;

const hasCamera = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/**
 * "Scan a pass": the camera (asked for only when the merchant presses the button) or a photo of the
 * pass. Whatever QR code is read is handed over; the API decides what it is.
 */
export function Scanner({ onScan, disabled }: { onScan: (token: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('verification');
  const videoRef = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<'camera' | 'photo' | null>(null);
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;

  // Read frames while the camera is on; stop the camera when a code is read or the screen is left.
  useEffect(() => {
    if (!stream) return;
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    let stopped = false;
    let timer: number | undefined;
    const tick = async () => {
      if (stopped) return;
      try {
        const decode = await qrDecoder();
        const value = video.readyState >= 2 ? await decode(video) : null;
        if (value && !stopped) {
          stopped = true;
          setStream(null);
          onScanRef.current(value);
          return;
        }
      } catch {
        // A frame that cannot be read: try the next one.
      }
      timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream.getTracks()) track.stop();
      video.srcObject = null;
    };
  }, [stream]);

  async function startCamera() {
    setProblem(null);
    try {
      setStream(
        await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
      );
    } catch {
      setProblem('camera');
    }
  }

  async function readPhoto(file: File | undefined) {
    if (!file) return;
    setProblem(null);
    try {
      const bitmap = await createImageBitmap(file);
      const value = await (await qrDecoder())(bitmap);
      bitmap.close();
      if (value) onScan(value);
      else setProblem('photo');
    } catch {
      setProblem('photo');
    }
  }

  return (
    <section
      aria-labelledby="scan-title"
      className="flex flex-col items-center gap-4 rounded-2xl border-2 border-dashed border-slate-300 bg-white p-5 text-center dark:border-slate-700 dark:bg-slate-900"
    >
      <h2 id="scan-title" className="text-xl font-semibold">
        {t('scan.title')}
      </h2>
      {stream ? (
        <>
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label={t('scan.camera')}
            className="aspect-square w-full max-w-sm rounded-xl bg-black object-cover"
          />
          <Button variant="secondary" onClick={() => setStream(null)}>
            {t('scan.stop')}
          </Button>
        </>
      ) : (
        <div className="flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
          {hasCamera() ? (
            <Button
              size="lg"
              className="w-full sm:w-auto"
              disabled={disabled}
              onClick={() => void startCamera()}
            >
              {t('scan.start')}
            </Button>
          ) : null}
          <label className="inline-flex h-12 w-full cursor-pointer items-center justify-center rounded-lg border border-slate-300 bg-white px-6 text-base font-medium text-slate-900 has-focus-visible:focus-ring hover:bg-slate-50 sm:w-auto dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800">
            {t('scan.photo')}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              disabled={disabled}
              data-testid="scan-photo"
              onChange={(event) => {
                void readPhoto(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
        </div>
      )}
      {problem ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {t(problem === 'camera' ? 'scan.noCamera' : 'scan.unreadable')}
        </p>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('scan.hint')}</p>
      )}
    </section>
  );
}

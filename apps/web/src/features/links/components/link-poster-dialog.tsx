import type { Link } from '@nest/contracts';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { usePosterDetails } from '../api/get-poster-details';
import { linkQrUrl } from '../api/link-qr-url';
import { type PosterFormat, posterFormats, posterPages, shortLinkAddress } from '../lib/poster-formats';
import { usePosterWords } from '../lib/poster-words';
import { LinkPoster } from './link-poster';

/**
 * When printing, only the poster's print copy is shown, on one page of its format without margins:
 * the rest of the app (and the dialog's scaled preview) disappears from the printout.
 */
const printCss = (format: PosterFormat) => `
.nest-print-root { display: none; }
@media print {
  @page { size: ${posterPages[format].widthMm}mm ${posterPages[format].heightMm}mm; margin: 0; }
  html, body { background: #fff !important; }
  body > :not(.nest-print-root) { display: none !important; }
  .nest-print-root { display: block; }
  .nest-print-root article { break-inside: avoid; overflow: hidden; }
  .nest-print-root article, .nest-print-root article * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;

/** The preview's height on screen, whatever the format: the page scaled to fit it. */
const PREVIEW_HEIGHT_MM = 118;

/** "Print poster": the format (A4 poster, A5 table tent, A6 counter card), a preview, and a print button. */
export function LinkPosterDialog({ link }: { link: Link }) {
  const { t } = useTranslation('links');
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          {t('list.poster')}
        </Button>
      </DialogTrigger>
      {open ? <PosterDialogContent link={link} /> : null}
    </Dialog>
  );
}

function PosterDialogContent({ link }: { link: Link }) {
  const { t } = useTranslation('links');
  const [format, setFormat] = useState<PosterFormat>('a4');
  const details = usePosterDetails(link.offer.id);
  const words = usePosterWords();
  const qrSrc = linkQrUrl(link.id, 'svg');
  const address = shortLinkAddress(link.url);
  const ready = details.data && words.data;
  const failed = details.isError || words.isError;
  const page = posterPages[format];
  const scale = PREVIEW_HEIGHT_MM / page.heightMm;
  return (
    <DialogContent className="sm:max-w-2xl">
      <DialogTitle>{t('poster.title', { label: link.label })}</DialogTitle>
      <DialogDescription>{t('poster.description')}</DialogDescription>
      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('poster.format')}
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {posterFormats.map((option) => (
            <label
              key={option}
              className={cn(
                'flex cursor-pointer flex-col rounded-xl border p-3 text-sm has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                option === format
                  ? 'border-brand-700 bg-brand-50 dark:border-brand-400 dark:bg-brand-950/40'
                  : 'border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800',
              )}
            >
              <input
                type="radio"
                name="poster-format"
                value={option}
                checked={option === format}
                onChange={() => setFormat(option)}
                className="sr-only"
              />
              <span className="font-medium">{t(`poster.formats.${option}.name`)}</span>
              <span className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
                {t(`poster.formats.${option}.hint`)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4 flex justify-center overflow-hidden rounded-xl bg-slate-100 p-4 dark:bg-slate-800">
        {ready ? (
          // A scaled preview: the article keeps its millimetre size, the wrapper takes the scaled size.
          <div
            className="shadow-lg"
            style={{ width: `${page.widthMm * scale}mm`, height: `${PREVIEW_HEIGHT_MM}mm` }}
          >
            <div className="origin-top-left" style={{ transform: `scale(${scale})` }}>
              <LinkPoster
                format={format}
                details={details.data}
                qrSrc={qrSrc}
                address={address}
                words={words.data}
              />
            </div>
          </div>
        ) : (
          <p role={failed ? 'alert' : 'status'} className="py-10 text-sm">
            {failed ? t('poster.failed') : t('poster.loading')}
          </p>
        )}
      </div>
      {ready
        ? createPortal(
            <div className="nest-print-root">
              <style>{printCss(format)}</style>
              <LinkPoster
                format={format}
                details={details.data}
                qrSrc={qrSrc}
                address={address}
                words={words.data}
              />
            </div>,
            document.body,
          )
        : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">{t('poster.close')}</Button>
        </DialogClose>
        <Button onClick={() => window.print()} disabled={!ready}>
          {t('poster.print')}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

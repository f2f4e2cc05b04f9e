import type { Link } from '@nest/contracts';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
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
import { usePosterWords } from '../lib/poster-words';
import { LinkPoster } from './link-poster';

/**
 * When printing, only the poster's print copy is shown, on one A4 page without margins: the rest
 * of the app (and the dialog's scaled preview) disappears from the printout.
 */
const printCss = `
.nest-print-root { display: none; }
@media print {
  @page { size: A4 portrait; margin: 0; }
  html, body { background: #fff !important; }
  body > :not(.nest-print-root) { display: none !important; }
  .nest-print-root { display: block; }
  .nest-print-root article { break-inside: avoid; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;

/** "Print poster": a preview of the A4 poster and a button that prints it from the browser. */
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
  const details = usePosterDetails(link.offer.id);
  const words = usePosterWords();
  const qrSrc = linkQrUrl(link.id, 'svg');
  const ready = details.data && words.data;
  const failed = details.isError || words.isError;
  return (
    <DialogContent className="sm:max-w-2xl">
      <DialogTitle>{t('poster.title', { label: link.label })}</DialogTitle>
      <DialogDescription>{t('poster.description')}</DialogDescription>
      <div className="mt-4 flex justify-center overflow-hidden rounded-xl bg-slate-100 p-4 dark:bg-slate-800">
        {ready ? (
          // A preview at 40 %: the article keeps its millimetre size, the wrapper takes the scaled size.
          <div className="h-[calc(297mm*0.4)] w-[calc(210mm*0.4)] shadow-lg">
            <div className="origin-top-left scale-[0.4]">
              <LinkPoster details={details.data} qrSrc={qrSrc} words={words.data} />
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
              <style>{printCss}</style>
              <LinkPoster details={details.data} qrSrc={qrSrc} words={words.data} />
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

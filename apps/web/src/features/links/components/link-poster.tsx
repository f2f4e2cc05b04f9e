import { COVER_TEXT_DARK, contrastRatio, coverColors, formatMoney, type Locale } from '@nest/contracts';
import type { TFunction } from 'i18next';
import type { CSSProperties } from 'react';
import type { PosterDetails } from '../api/get-poster-details';
import { type PosterFormat, posterPages } from '../lib/poster-formats';

interface LinkPosterProps {
  format: PosterFormat;
  details: PosterDetails;
  qrSrc: string;
  /** The link's address without its scheme, printed for those who cannot scan. */
  address: string;
  /** Each language the poster speaks, with its words. */
  words: Array<[Locale, TFunction<'links'>]>;
}

/**
 * A printable page for a link (ADR 197), sized in millimetres so the printout matches the preview: the
 * A4 poster, the A5 table tent (two faces on an A4 sheet, the top one upside down, folded across the
 * middle), or the A6 counter card. Every face leads with the nest (its logo and name on its colour),
 * then the offer, its price and trial in every language, what it gives, the QR code, and the address.
 */
export function LinkPoster({ format, details, qrSrc, address, words }: LinkPosterProps) {
  const page = posterPages[format];
  const size: CSSProperties = { width: `${page.widthMm}mm`, height: `${page.heightMm}mm` };
  if (format === 'a5-tent') {
    const face = (
      <PosterFace layout="landscape" details={details} qrSrc={qrSrc} address={address} words={words} />
    );
    return (
      <article
        data-testid="link-poster"
        data-format={format}
        className="flex flex-col bg-white text-slate-950"
        style={size}
      >
        <div className="h-1/2 rotate-180" aria-hidden="true">
          {face}
        </div>
        <div className="h-1/2 border-t border-dashed border-slate-300">{face}</div>
      </article>
    );
  }
  return (
    <article
      data-testid="link-poster"
      data-format={format}
      className="bg-white text-slate-950"
      // The A6 card is the A4 poster at half scale: every size inside is in em.
      style={{ ...size, fontSize: format === 'a4' ? '12pt' : '6pt' }}
    >
      <PosterFace layout="portrait" details={details} qrSrc={qrSrc} address={address} words={words} />
    </article>
  );
}

interface PosterFaceProps {
  layout: 'portrait' | 'landscape';
  details: PosterDetails;
  qrSrc: string;
  address: string;
  words: Array<[Locale, TFunction<'links'>]>;
}

function PosterFace({ layout, details, qrSrc, address, words }: PosterFaceProps) {
  const { nest, offer } = details;
  const [first] = words;
  const colors = coverColors(nest.brand_color);
  // The tick is in the nest's colour on the white page, unless that colour is too pale to see there.
  const tick = contrastRatio(colors.background, '#ffffff') >= 3 ? colors.background : COVER_TEXT_DARK;
  const cover = (
    <header
      className="flex items-center gap-[0.8em]"
      style={{ color: colors.text }}
      data-testid="poster-cover"
      data-brand-color={colors.background}
    >
      {nest.logo_url ? (
        <img
          src={nest.logo_url}
          alt={first ? first[1]('poster.logoAlt', { nest: nest.name }) : ''}
          className="size-[4.5em] shrink-0 rounded-[0.8em] bg-white object-cover"
        />
      ) : null}
      <p className="min-w-0 text-[1.9em] leading-tight font-semibold tracking-tight">{nest.name}</p>
    </header>
  );
  const prices = words.map(([locale, t]) => (
    <p key={locale} lang={locale} className="font-semibold">
      {t(`price.${offer.interval}`, {
        price: formatMoney(offer.amount_cents, offer.currency, locale),
        count: offer.interval_count,
      })}
      {offer.trial_days > 0 ? (
        <span className="font-normal"> · {t('poster.trial', { count: offer.trial_days })}</span>
      ) : null}
    </p>
  ));
  const grants = (
    <p className="flex items-start justify-center gap-[0.4em]" data-testid="poster-grants">
      <span aria-hidden="true" className="font-bold" style={{ color: tick }}>
        ✓
      </span>
      <span>{offer.grants}</span>
    </p>
  );
  const qr = (
    <img
      src={qrSrc}
      alt={first ? first[1]('poster.qrAlt') : ''}
      className="aspect-square"
      data-testid="poster-qr"
    />
  );
  const callToAction = words.map(([locale, t]) => (
    <p key={locale} lang={locale}>
      {t('poster.callToAction')}
    </p>
  ));
  const addressLine = (
    <p className="font-mono font-semibold tracking-tight break-all" data-testid="poster-address">
      {address}
    </p>
  );

  if (layout === 'landscape') {
    return (
      <div className="flex h-full flex-col" style={{ fontSize: '10pt' }}>
        <div className="px-[10mm] py-[5mm]" style={{ backgroundColor: colors.background }}>
          {cover}
        </div>
        <div className="flex min-h-0 flex-1 items-center gap-[8mm] px-[10mm] py-[5mm]">
          <div className="flex min-w-0 flex-1 flex-col gap-[0.6em] text-left">
            <h2 className="text-[2.3em] leading-tight font-bold tracking-tight">{offer.name}</h2>
            <div className="text-[1.3em]">{prices}</div>
            <div className="text-[1.15em] [&>p]:justify-start">{grants}</div>
            <div className="mt-[0.4em] text-[1em] text-slate-700">{callToAction}</div>
          </div>
          <div className="flex w-[74mm] shrink-0 flex-col items-center gap-[1.5mm] text-center">
            <div className="w-[68mm]">{qr}</div>
            <div className="text-[0.95em]">{addressLine}</div>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full flex-col text-center">
      <div className="px-[1.5em] py-[1.6em]" style={{ backgroundColor: colors.background }}>
        <div className="flex justify-center">{cover}</div>
      </div>
      <div className="flex flex-1 flex-col items-center justify-between px-[1.5em] pt-[1.6em] pb-[1.3em]">
        <section className="flex flex-col items-center gap-[0.4em]">
          <h2 className="text-[2.7em] leading-tight font-bold tracking-tight">{offer.name}</h2>
          <div className="text-[1.45em]">{prices}</div>
          <div className="mt-[0.2em] text-[1.3em]">{grants}</div>
        </section>
        <div className="w-[31em]">{qr}</div>
        <footer className="flex flex-col items-center gap-[0.3em]">
          <div className="text-[1.25em] font-medium">{callToAction}</div>
          <div className="text-[1.35em]">{addressLine}</div>
        </footer>
      </div>
    </div>
  );
}

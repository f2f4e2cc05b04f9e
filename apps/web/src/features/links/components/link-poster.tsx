import { formatMoney, type Locale } from '@nest/contracts';
import type { TFunction } from 'i18next';
import type { PosterDetails } from '../api/get-poster-details';

interface LinkPosterProps {
  details: PosterDetails;
  qrSrc: string;
  /** Each language the poster speaks, with its words. */
  words: Array<[Locale, TFunction<'links'>]>;
}

/**
 * An A4 poster (210 × 297 mm): the nest's name and logo, the offer, its price per interval and
 * trial in every language, the QR code, and a one-line call to action in every language.
 * Sized in millimetres so the printed page matches the preview.
 */
export function LinkPoster({ details, qrSrc, words }: LinkPosterProps) {
  const { nest, offer } = details;
  const [first] = words;
  return (
    <article
      data-testid="link-poster"
      className="flex h-[297mm] w-[210mm] flex-col items-center justify-between bg-white px-[18mm] py-[16mm] text-center text-slate-950"
    >
      <header className="flex flex-col items-center gap-[4mm]">
        {nest.logo_url ? (
          <img
            src={nest.logo_url}
            alt={first ? first[1]('poster.logoAlt', { nest: nest.name }) : ''}
            className="h-[28mm] w-[28mm] rounded-[4mm] object-cover"
          />
        ) : null}
        <p className="text-[20pt] font-semibold tracking-tight">{nest.name}</p>
      </header>
      <section className="flex flex-col items-center gap-[3mm]">
        <h2 className="text-[32pt] leading-tight font-bold tracking-tight">{offer.name}</h2>
        {words.map(([locale, t]) => (
          <p key={locale} lang={locale} className="text-[18pt] font-semibold">
            {t(`price.${offer.interval}`, {
              price: formatMoney(offer.amount_cents, offer.currency, locale),
              count: offer.interval_count,
            })}
            {offer.trial_days > 0 ? (
              <span className="font-normal"> · {t('poster.trial', { count: offer.trial_days })}</span>
            ) : null}
          </p>
        ))}
      </section>
      <img
        src={qrSrc}
        alt={first ? first[1]('poster.qrAlt') : ''}
        className="h-[110mm] w-[110mm]"
        data-testid="poster-qr"
      />
      <footer className="flex flex-col gap-[2mm]">
        {words.map(([locale, t]) => (
          <p key={locale} lang={locale} className="text-[16pt] font-medium">
            {t('poster.callToAction')}
          </p>
        ))}
      </footer>
    </article>
  );
}

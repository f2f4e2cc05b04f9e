import type { PublicLink } from '@nest/contracts';
import { useEffect, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { usePublicLink } from '../api/get-public-link';
import { useLinkWords } from '../lib/link-words';
import { priceLabel } from '../lib/offer-terms';
import { type Refusal, refusalOfAvailability } from '../lib/refusal';
import { OfferSummary } from './offer-summary';
import { RefusalNotice } from './refusal-notice';
import { SubscribeForm } from './subscribe-form';

interface LinkPageProps {
  nestLinkId: string;
  /** The link's data as the server wrote it into the page, if it did (no API round trip then). */
  initial?: PublicLink | undefined;
  /** Unknown or turned-off link: go to /links/404 (client-side in the app, a page load otherwise). */
  onNotFound: () => void;
}

/**
 * The public page of one link: the offer, and the subscribe form unless the link says subscribing is
 * refused (then why, politely). Unknown or turned-off links go to /links/404. The id's shape is left
 * to the API (it answers 404 at once): checking it here would bring zod into this page (ADR 075).
 * Nothing here depends on the router, i18next or TanStack Query: the standalone link page (ADR 077)
 * and the single-page app both render it.
 */
export function LinkPage({ nestLinkId, initial, onNotFound }: LinkPageProps) {
  const { t, locale, documentTitle } = useLinkWords();
  const link = usePublicLink(nestLinkId, initial);
  // A refusal the checkout answered after submit; the page's own availability covers the rest.
  const [refused, setRefused] = useState<Refusal>();
  const title = documentTitle(
    link.data ? `${link.data.offer.name} · ${link.data.nest.name}` : t('pages.link'),
  );
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (link.notFound) onNotFound();
  }, [link.notFound, onNotFound]);

  if (link.notFound) return null;
  if (link.error) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{t('loadFailed')}</p>
        <button type="button" className={buttonClasses({ variant: 'secondary' })} onClick={link.reload}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!link.data) {
    return (
      <p role="status" aria-live="polite" className="text-slate-600 dark:text-slate-300">
        {t('loading')}
      </p>
    );
  }

  const data = link.data;
  const price = priceLabel(t, data.offer, locale);
  // The page's availability is the freshest answer once reloaded; a changed price stays explained.
  const refusal = refusalOfAvailability(data.availability) ?? refused;
  const onRefused = (next: Refusal) => {
    setRefused(next);
    // Reload the offer: a changed price is shown with its new amount, other refusals with fresh state.
    link.reload();
  };
  // After a price change the visitor may subscribe at the new price; other refusals close the form.
  const open = data.availability === 'open' && (refused === undefined || refused === 'price_changed');

  // The nest leads (ADR 197); on a wide screen the form stands beside the offer, as on Stripe Checkout.
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:items-start lg:gap-8">
      <OfferSummary link={data} />
      <div className="flex flex-col gap-6 lg:sticky lg:top-6">
        {refusal ? <RefusalNotice refusal={refusal} nestName={data.nest.name} /> : null}
        {open ? (
          <div className="rounded-3xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 dark:border-slate-800 dark:bg-slate-900">
            <SubscribeForm link={data} price={price} onRefused={onRefused} />
          </div>
        ) : null}
        <p className="text-center text-xs text-slate-500 dark:text-slate-400" data-testid="powered-by">
          <a href="/" className="rounded hover:text-slate-700 hover:underline dark:hover:text-slate-200">
            {t('poweredBy')}
          </a>
        </p>
      </div>
    </div>
  );
}

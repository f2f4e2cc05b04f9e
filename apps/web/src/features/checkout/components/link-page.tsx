import type { Locale } from '@nest/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '@/app/paths';
import { useDocumentTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-error';
import { usePublicLink } from '../api/get-public-link';
import { priceLabel } from '../lib/offer-terms';
import { type Refusal, refusalOfAvailability } from '../lib/refusal';
import { OfferSummary } from './offer-summary';
import { RefusalNotice } from './refusal-notice';
import { SubscribeForm } from './subscribe-form';

/**
 * The public page of one link: the offer, and the subscribe form unless the link says subscribing is
 * refused (then why, politely). Unknown or turned-off links go to /links/404. The id's shape is left
 * to the API (it answers 404 at once): checking it here would bring zod into this page (ADR 075).
 */
export function LinkPage({ nestLinkId }: { nestLinkId: string }) {
  const { t, i18n } = useTranslation('links');
  const locale = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  const link = usePublicLink(nestLinkId);
  // A refusal the checkout answered after submit; the page's own availability covers the rest.
  const [refused, setRefused] = useState<Refusal>();
  useDocumentTitle(link.data ? `${link.data.offer.name} · ${link.data.nest.name}` : t('pages.link'));

  if (link.isError) {
    if (isApiError(link.error) && link.error.status === 404) {
      return <Navigate to={paths.links.notFound.getHref()} replace />;
    }
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => void link.refetch()}>
          {t('retry')}
        </Button>
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
    void link.refetch();
  };
  // After a price change the visitor may subscribe at the new price; other refusals close the form.
  const open = data.availability === 'open' && (refused === undefined || refused === 'price_changed');

  return (
    <div className="flex flex-col gap-8">
      <OfferSummary link={data} />
      {refusal ? <RefusalNotice refusal={refusal} nestName={data.nest.name} /> : null}
      {open ? <SubscribeForm link={data} price={price} onRefused={onRefused} /> : null}
    </div>
  );
}

import { hasFeature, type Offer, type PlanId } from '@nest/contracts';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { type OfferListStatus, useOffers } from '../api/get-offers';
import { type OfferStatusAction, useSetOfferStatus } from '../api/set-offer-status';
import { OfferCard } from './offer-card';
import { OfferDialog } from './offer-dialog';

const tabs: readonly OfferListStatus[] = ['active', 'archived'];

/**
 * The prices screen's main column: the nest's offers (active or archived), a page at a time, with
 * create, edit, archive and restore. `plan` decides whether reward rules can be set.
 */
export function OffersScreen({
  plan,
  renderShare,
}: {
  plan: PlanId | null;
  /** The "Share" action of an active offer, composed by the page from the links feature. */
  renderShare?: (offer: Offer) => ReactNode;
}) {
  const { t } = useTranslation('offers');
  const [tab, setTab] = useState<OfferListStatus>('active');
  const [dialog, setDialog] = useState<{ open: boolean; offer?: Offer }>({ open: false });
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const opener = useRef<HTMLElement | null>(null);
  const rewardAllowed = plan !== null && hasFeature(plan, 'progression');

  function openDialog(offer?: Offer) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog({ open: true, offer });
  }

  function onTabKey(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    setTab(tabs[next]!);
    tabRefs.current[next]?.focus();
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label={t('list.tabs')}
          className="inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
        >
          {tabs.map((status, index) => (
            <button
              key={status}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`offers-tab-${status}`}
              aria-selected={tab === status}
              aria-controls={`offers-panel-${status}`}
              tabIndex={tab === status ? 0 : -1}
              onClick={() => setTab(status)}
              onKeyDown={(event) => onTabKey(event, index)}
              className={
                tab === status
                  ? 'rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-900 shadow-sm dark:bg-slate-950 dark:text-slate-100'
                  : 'rounded-md px-3 py-1.5 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'
              }
            >
              {t(`list.${status}`)}
            </button>
          ))}
        </div>
        <Button onClick={() => openDialog()}>{t('list.create')}</Button>
      </div>

      {/* Keyed by tab so each list keeps its own pages and focus order. */}
      <OfferList
        key={tab}
        status={tab}
        onEdit={openDialog}
        onCreate={() => openDialog()}
        renderShare={renderShare}
      />

      <OfferDialog
        open={dialog.open}
        offer={dialog.offer}
        rewardAllowed={rewardAllowed}
        opener={() => opener.current}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
    </div>
  );
}

function OfferList({
  status,
  onEdit,
  onCreate,
  renderShare,
}: {
  status: OfferListStatus;
  onEdit: (offer: Offer) => void;
  onCreate: () => void;
  renderShare?: ((offer: Offer) => ReactNode) | undefined;
}) {
  const { t } = useTranslation('offers');
  const offers = useOffers(status);
  const errorMessage = useApiErrorMessage();
  const setStatus = useSetOfferStatus();
  const busyId = setStatus.isPending ? setStatus.variables?.id : undefined;

  function act(offer: Offer, action: OfferStatusAction) {
    setStatus.mutate(
      { id: offer.id, action },
      {
        onSuccess: () => toast.success(t(`toasts.${action}d`, { name: offer.name })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  }

  const items = offers.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section
      id={`offers-panel-${status}`}
      role="tabpanel"
      aria-labelledby={`offers-tab-${status}`}
      aria-busy={offers.isPending || undefined}
    >
      {offers.isPending ? (
        <p className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">{t('list.loading')}</p>
      ) : !offers.data ? (
        // Only when the first page failed: a failed "load more" keeps the pages already shown.
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <p>{errorMessage(offers.error)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void offers.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium">{t(`list.empty.${status}`)}</p>
          {status === 'active' ? (
            <>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('list.emptyHint')}</p>
              <Button className="mt-4" onClick={onCreate}>
                {t('list.create')}
              </Button>
            </>
          ) : null}
        </div>
      ) : (
        <>
          <ul className="grid gap-4" aria-label={t(`list.${status}`)}>
            {items.map((offer) => (
              <OfferCard
                key={offer.id}
                offer={offer}
                busy={busyId === offer.id}
                onEdit={onEdit}
                onArchive={(o) => act(o, 'archive')}
                onRestore={(o) => act(o, 'restore')}
                share={renderShare?.(offer)}
              />
            ))}
          </ul>
          {offers.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button
                variant="secondary"
                disabled={offers.isFetchingNextPage}
                onClick={() => void offers.fetchNextPage()}
              >
                {offers.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
              </Button>
            </div>
          ) : null}
          {offers.isFetchNextPageError ? (
            <p role="alert" className="mt-3 text-center text-sm text-red-700 dark:text-red-400">
              {errorMessage(offers.error)}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

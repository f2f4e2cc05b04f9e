import { type LedgerKind, ledgerKinds, type Transaction } from '@nest/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input, Select } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { useFormatMoney } from '@/lib/money';
import { type TransactionFilters, useTransactions } from '../api/get-transactions';
import { RefundDialog } from './refund-dialog';

export interface OfferChoice {
  id: string;
  name: string;
}

interface TransactionsScreenProps {
  merchantId: string;
  /** The merchant's time zone: dates are the business's. */
  timeZone: string;
  /** The nest's offers, for the offer filter (the route reads them from the offers feature). */
  offers: OfferChoice[];
}

const kinds = ['all', ...ledgerKinds] as const;
const noFilters: TransactionFilters = { kind: 'all', offerId: 'all', from: '', to: '' };
const labelClass = 'text-sm font-medium text-slate-800 dark:text-slate-200';

/** /admin/app/transactions: every money movement of the nest, newest first, filterable, a page at a time. */
export function TransactionsScreen({ merchantId, timeZone, offers }: TransactionsScreenProps) {
  const { t } = useTranslation(['admin', 'revenue']);
  const [filters, setFilters] = useState<TransactionFilters>(noFilters);
  const set = (patch: Partial<TransactionFilters>) => setFilters((current) => ({ ...current, ...patch }));
  const filtered = JSON.stringify(filters) !== JSON.stringify(noFilters);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle>{t('admin:pages.transactions')}</PageTitle>
        <p className="-mt-3 max-w-2xl text-sm text-slate-600 dark:text-slate-300">
          {t('revenue:transactions.intro')}
        </p>
      </div>
      <search
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        aria-label={t('revenue:transactions.filters')}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor="transactions-kind" className={labelClass}>
            {t('revenue:transactions.kind')}
          </label>
          <Select
            id="transactions-kind"
            value={filters.kind}
            onChange={(event) => set({ kind: event.target.value as LedgerKind | 'all' })}
          >
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {kind === 'all' ? t('revenue:transactions.allKinds') : t(`revenue:kinds.${kind}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="transactions-offer" className={labelClass}>
            {t('revenue:transactions.offer')}
          </label>
          <Select
            id="transactions-offer"
            value={filters.offerId}
            onChange={(event) => set({ offerId: event.target.value })}
          >
            <option value="all">{t('revenue:transactions.allOffers')}</option>
            {offers.map((offer) => (
              <option key={offer.id} value={offer.id}>
                {offer.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="transactions-from" className={labelClass}>
            {t('revenue:transactions.from')}
          </label>
          <Input
            id="transactions-from"
            type="date"
            value={filters.from}
            max={filters.to || undefined}
            onChange={(event) => set({ from: event.target.value })}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="transactions-to" className={labelClass}>
            {t('revenue:transactions.to')}
          </label>
          <Input
            id="transactions-to"
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            onChange={(event) => set({ to: event.target.value })}
          />
        </div>
      </search>
      {filtered ? (
        <div>
          <Button variant="ghost" size="sm" onClick={() => setFilters(noFilters)}>
            {t('revenue:transactions.clearFilters')}
          </Button>
        </div>
      ) : null}
      <TransactionList merchantId={merchantId} timeZone={timeZone} filters={filters} filtered={filtered} />
    </div>
  );
}

function TransactionList({
  merchantId,
  timeZone,
  filters,
  filtered,
}: {
  merchantId: string;
  timeZone: string;
  filters: TransactionFilters;
  filtered: boolean;
}) {
  const { t } = useTranslation('revenue');
  const errorMessage = useApiErrorMessage();
  const transactions = useTransactions(merchantId, filters);
  const [refunding, setRefunding] = useState<Transaction | null>(null);
  const rows = transactions.data?.pages.flatMap((page) => page.transactions) ?? [];

  return (
    <section aria-labelledby="transactions-list-title" aria-busy={transactions.isFetching || undefined}>
      <h2 id="transactions-list-title" className="sr-only">
        {t('transactions.listTitle')}
      </h2>
      {transactions.isPending ? (
        <p role="status" className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          {t('transactions.loading')}
        </p>
      ) : !transactions.data ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <p>{errorMessage(transactions.error)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void transactions.refetch()}>
            {t('transactions.retry')}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="font-medium" role="status">
            {filtered ? t('transactions.noMatch') : t('transactions.empty')}
          </p>
          {filtered ? null : (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('transactions.emptyHint')}</p>
          )}
        </div>
      ) : (
        <>
          <p role="status" className="sr-only">
            {t('transactions.shown', { count: rows.length })}
          </p>
          <ul
            aria-label={t('transactions.listTitle')}
            className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900"
          >
            {rows.map((row) => (
              <TransactionRow key={row.id} row={row} timeZone={timeZone} onRefund={() => setRefunding(row)} />
            ))}
          </ul>
          {transactions.hasNextPage ? (
            <div className="mt-6 flex justify-center">
              <Button
                variant="secondary"
                disabled={transactions.isFetchingNextPage}
                onClick={() => void transactions.fetchNextPage()}
              >
                {transactions.isFetchingNextPage ? t('transactions.loadingMore') : t('transactions.loadMore')}
              </Button>
            </div>
          ) : null}
          {transactions.isFetchNextPageError ? (
            <p role="alert" className="mt-3 text-center text-sm text-red-700 dark:text-red-400">
              {errorMessage(transactions.error)}
            </p>
          ) : null}
        </>
      )}
      {refunding ? (
        <RefundDialog
          key={refunding.id}
          merchantId={merchantId}
          payment={refunding}
          open
          onOpenChange={(open) => !open && setRefunding(null)}
        />
      ) : null}
    </section>
  );
}

const statusTone: Record<Transaction['status'], string> = {
  succeeded: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  paid: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  won: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  pending: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  in_transit: 'bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-200',
  under_review: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  needs_response: 'bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-200',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
  canceled: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  lost: 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200',
};

function TransactionRow({
  row,
  timeZone,
  onRefund,
}: {
  row: Transaction;
  timeZone: string;
  onRefund: () => void;
}) {
  const { t } = useTranslation('revenue');
  const money = useFormatMoney();
  const date = useFormatDate();
  const who = row.customer?.name || row.customer?.email || null;
  const fees = row.fee_cents + (row.processing_fee_cents ?? 0);
  const refunded =
    row.kind === 'payment' && row.status === 'succeeded' && row.refundable_cents < row.amount_cents;

  return (
    <li
      className="grid gap-x-4 gap-y-1 p-4 sm:grid-cols-[7rem_1fr_auto] sm:items-center"
      data-kind={row.kind}
    >
      <p className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
        <time dateTime={row.occurred_at}>{date(row.occurred_at, { timeZone, style: 'short' })}</time>
      </p>
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span>{t(`kinds.${row.kind}`)}</span>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', statusTone[row.status])}>
            {t(`statuses.${row.status}`)}
          </span>
          {refunded ? (
            <span className="text-xs font-normal text-slate-600 dark:text-slate-300">
              {row.refundable_cents === 0
                ? t('transactions.fullyRefunded')
                : t('transactions.partlyRefunded', { left: money(row.refundable_cents, row.currency) })}
            </span>
          ) : null}
        </p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-300">
          {[who, row.offer?.name].filter(Boolean).join(' · ') ||
            (row.kind === 'payout' ? t('transactions.toBank') : t('transactions.unknownCustomer'))}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <div className="text-left sm:text-right">
          <p
            className={cn(
              'font-semibold tabular-nums',
              row.amount_cents < 0
                ? 'text-slate-900 dark:text-slate-100'
                : 'text-emerald-800 dark:text-emerald-300',
            )}
          >
            {money(row.amount_cents, row.currency)}
          </p>
          {fees !== 0 ? (
            <p className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
              {fees > 0
                ? t('transactions.net', {
                    net: money(row.net_cents, row.currency),
                    fees: money(fees, row.currency),
                  })
                : t('transactions.netFeeBack', {
                    net: money(row.net_cents, row.currency),
                    fees: money(-fees, row.currency),
                  })}
            </p>
          ) : null}
        </div>
        {row.kind === 'payment' && row.refundable_cents > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={onRefund}
            aria-label={t('transactions.refundLabel', {
              amount: money(row.amount_cents, row.currency),
              customer: who ?? t('transactions.unknownCustomer'),
            })}
          >
            {t('transactions.refund')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

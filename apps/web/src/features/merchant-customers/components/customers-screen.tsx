import {
  type MerchantCustomerRow,
  type MerchantCustomerSort,
  merchantCustomerSortSchema,
  type SortDirection,
  subscriptionStatusSchema,
} from '@nest/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/app/paths';
import { PageTitle } from '@/components/layout/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Input, Select } from '@/components/ui/field';
import { useOffers } from '@/features/offers/api/get-offers';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useFormatDate } from '@/lib/dates';
import { useFormatMoney } from '@/lib/money';
import { type CustomerFilters, exportCustomersHref, useFindCustomers } from '../api/find-customers';
import { statusTone } from './customer-card';
import { CustomerDrawer } from './customer-drawer';

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

const statuses = ['all', ...subscriptionStatusSchema.options] as const;
const defaultDirection = (sort: MerchantCustomerSort): SortDirection => (sort === 'since' ? 'desc' : 'asc');

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** The filters live in the address, so a link (the dashboard's "past due") opens the table filtered. */
function readFilters(params: URLSearchParams): Omit<CustomerFilters, 'query'> {
  const status = subscriptionStatusSchema.safeParse(params.get('status'));
  const sort = merchantCustomerSortSchema.safeParse(params.get('sort'));
  const direction = params.get('dir');
  return {
    status: status.success ? status.data : 'all',
    offerId: params.get('offer') || null,
    pastDue: params.get('past_due') === 'true',
    paused: params.get('paused') === 'true',
    sort: sort.success ? sort.data : 'since',
    direction: direction === 'asc' || direction === 'desc' ? direction : null,
  };
}

/**
 * A yes/no filter kept in the address. Uncontrolled: the address updates a moment after the click (a
 * navigation), and a controlled box would flick back until then. Only the box and a page load set it.
 */
function FilterBox(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex min-h-10 items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
      <input
        type="checkbox"
        className="size-4 accent-amber-600"
        defaultChecked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      {props.label}
    </label>
  );
}

/** /admin/app/customers: every subscription of the nest with its customer, filtered, sorted, exported. */
export function CustomersScreen() {
  const { t } = useTranslation(['admin', 'merchant-customers']);
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const debounced = useDebounced(query, SEARCH_DELAY_MS);
  const filters: CustomerFilters = { query: debounced, ...readFilters(params) };
  const filtered =
    debounced.trim() !== '' ||
    filters.status !== 'all' ||
    filters.offerId !== null ||
    filters.pastDue ||
    filters.paused;
  const offers = useOffers('active');
  const offerOptions = offers.data?.pages.flatMap((page) => page.items) ?? [];
  const openCustomer = params.get('customer');

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  // Only the debounced search writes the address (update and params change on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the debounced text changes
  useEffect(() => {
    const current = params.get('q') ?? '';
    if (debounced.trim() !== current) update({ q: debounced.trim() || null });
  }, [debounced]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <PageTitle>{t('admin:pages.customers')}</PageTitle>
          <p className="-mt-3 max-w-2xl text-sm text-slate-600 dark:text-slate-300">
            {t('merchant-customers:intro')}
          </p>
        </div>
        <a href={exportCustomersHref(filters)} download className={buttonClasses({ variant: 'secondary' })}>
          {t('merchant-customers:export')}
        </a>
      </div>
      <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(12rem,1fr))] lg:items-end">
        <div className="flex flex-col gap-1.5 sm:col-span-2 lg:col-span-1">
          <label
            htmlFor="customers-search"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('merchant-customers:filters.search')}
          </label>
          <Input
            id="customers-search"
            type="search"
            value={query}
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            placeholder={t('merchant-customers:filters.searchPlaceholder')}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label
            htmlFor="customers-status"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('merchant-customers:filters.status')}
          </label>
          <Select
            id="customers-status"
            value={filters.status}
            onChange={(event) => update({ status: event.target.value === 'all' ? null : event.target.value })}
          >
            {statuses.map((value) => (
              <option key={value} value={value}>
                {value === 'all'
                  ? t('merchant-customers:filters.allStatuses')
                  : t(`merchant-customers:status.${value}`)}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="customers-offer" className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('merchant-customers:filters.offer')}
          </label>
          <Select
            id="customers-offer"
            value={filters.offerId ?? ''}
            onChange={(event) => update({ offer: event.target.value || null })}
          >
            <option value="">{t('merchant-customers:filters.allOffers')}</option>
            {offerOptions.map((offer) => (
              <option key={offer.id} value={offer.id}>
                {offer.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-wrap gap-x-6 sm:col-span-2 lg:col-span-3">
          <FilterBox
            label={t('merchant-customers:filters.pastDue')}
            checked={filters.pastDue}
            onChange={(checked) => update({ past_due: checked ? 'true' : null })}
          />
          <FilterBox
            label={t('merchant-customers:filters.paused')}
            checked={filters.paused}
            onChange={(checked) => update({ paused: checked ? 'true' : null })}
          />
        </div>
      </search>
      <CustomerTable
        filters={filters}
        filtered={filtered}
        onSort={(sort) => {
          const direction = filters.direction ?? defaultDirection(filters.sort);
          const next: SortDirection =
            sort === filters.sort ? (direction === 'asc' ? 'desc' : 'asc') : defaultDirection(sort);
          update({
            sort: sort === 'since' && next === 'desc' ? null : sort,
            dir: next === defaultDirection(sort) ? null : next,
          });
        }}
        onOpen={(customerId) => update({ customer: customerId })}
      />
      <CustomerDrawer customerId={openCustomer} onClose={() => update({ customer: null })} />
    </div>
  );
}

const columns: { sort: MerchantCustomerSort; className?: string }[] = [
  { sort: 'name' },
  { sort: 'offer', className: 'hidden md:table-cell' },
  { sort: 'status' },
  { sort: 'since', className: 'hidden lg:table-cell' },
  { sort: 'next_payment', className: 'hidden sm:table-cell' },
  { sort: 'total_paid', className: 'hidden md:table-cell text-right' },
  { sort: 'last_check_in', className: 'hidden xl:table-cell' },
];

function CustomerTable({
  filters,
  filtered,
  onSort,
  onOpen,
}: {
  filters: CustomerFilters;
  filtered: boolean;
  onSort: (sort: MerchantCustomerSort) => void;
  onOpen: (customerId: string) => void;
}) {
  const { t } = useTranslation('merchant-customers');
  const errorMessage = useApiErrorMessage();
  const customers = useFindCustomers(filters);
  const rows = customers.data?.pages.flatMap((page) => page.rows) ?? [];
  const direction = filters.direction ?? defaultDirection(filters.sort);

  if (customers.isPending) {
    return (
      <p role="status" className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
        {t('list.loading')}
      </p>
    );
  }
  if (!customers.data) {
    return (
      <div
        role="alert"
        className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
      >
        <p>{errorMessage(customers.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void customers.refetch()}>
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
        {filtered ? (
          <p className="font-medium" role="status">
            {t('list.noMatch')}
          </p>
        ) : (
          <>
            <p className="font-medium">{t('list.empty')}</p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('list.emptyHint')}</p>
            <Link to={paths.admin.app.links.getHref()} className={buttonClasses({}, 'mt-4')}>
              {t('list.toLinks')}
            </Link>
          </>
        )}
      </div>
    );
  }

  return (
    <section aria-busy={customers.isFetching || undefined}>
      <p role="status" className="sr-only">
        {t('list.shown', { count: rows.length })}
      </p>
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('list.title')}</caption>
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
            <tr>
              {columns.map((column) => {
                const active = filters.sort === column.sort;
                return (
                  <th
                    key={column.sort}
                    scope="col"
                    className={cn('px-3 py-2 font-medium first:pl-4', column.className)}
                    aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded uppercase hover:text-slate-900 dark:hover:text-white"
                      onClick={() => onSort(column.sort)}
                    >
                      {t(`columns.${column.sort}`)}
                      <span aria-hidden="true" className={active ? '' : 'opacity-0'}>
                        {direction === 'asc' || !active ? '↑' : '↓'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {rows.map((row) => (
              <CustomerTableRow key={row.subscription_id} row={row} onOpen={onOpen} />
            ))}
          </tbody>
        </table>
      </div>
      {customers.hasNextPage ? (
        <div className="mt-6 flex justify-center">
          <Button
            variant="secondary"
            disabled={customers.isFetchingNextPage}
            onClick={() => void customers.fetchNextPage()}
          >
            {customers.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
          </Button>
        </div>
      ) : null}
      {customers.isFetchNextPageError ? (
        <p role="alert" className="mt-3 text-center text-sm text-red-700 dark:text-red-400">
          {errorMessage(customers.error)}
        </p>
      ) : null}
    </section>
  );
}

function CustomerTableRow({ row, onOpen }: { row: MerchantCustomerRow; onOpen: (id: string) => void }) {
  const { t } = useTranslation('merchant-customers');
  const money = useFormatMoney();
  const date = useFormatDate();
  return (
    <tr data-customer={row.customer.email} className="align-top hover:bg-slate-50 dark:hover:bg-slate-800/50">
      <td className="max-w-[14rem] py-3 pr-3 pl-4">
        <button
          type="button"
          className="block max-w-full truncate text-left font-medium text-sky-800 underline-offset-2 hover:underline dark:text-sky-300"
          onClick={() => onOpen(row.customer.id)}
        >
          {row.customer.name ?? row.customer.email}
        </button>
        {row.customer.name ? (
          <span className="block truncate text-slate-600 dark:text-slate-300">{row.customer.email}</span>
        ) : null}
        <span className="block truncate text-slate-500 md:hidden dark:text-slate-400">{row.offer.name}</span>
      </td>
      <td className="hidden px-3 py-3 md:table-cell">{row.offer.name}</td>
      <td className="px-3 py-3">
        <span
          className={cn(
            'inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
            statusTone[row.status],
          )}
          data-status={row.status}
        >
          {t(`status.${row.status}`)}
        </span>
        {row.cancel_at_period_end && row.status !== 'canceled' ? (
          <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">
            {t('list.endsAtPeriodEnd')}
          </span>
        ) : null}
        {row.pause ? (
          <span className="mt-1 block text-xs text-amber-800 dark:text-amber-300" data-testid="row-pause">
            {Date.parse(row.pause.starts_at) <= Date.now()
              ? t('list.pausedUntil', { date: date(row.pause.ends_at, { style: 'short' }) })
              : t('list.pauseFrom', { date: date(row.pause.starts_at, { style: 'short' }) })}
          </span>
        ) : null}
      </td>
      <td className="hidden px-3 py-3 whitespace-nowrap lg:table-cell">
        {date(row.since, { style: 'short' })}
      </td>
      <td className="hidden px-3 py-3 whitespace-nowrap sm:table-cell">
        {row.next_payment_at ? date(row.next_payment_at, { style: 'short' }) : '—'}
      </td>
      <td className="hidden px-3 py-3 text-right tabular-nums md:table-cell">
        {money(row.total_paid_cents, row.currency)}
      </td>
      <td className="hidden px-3 py-3 whitespace-nowrap xl:table-cell">
        {row.last_check_in_at ? date(row.last_check_in_at, { style: 'short' }) : '—'}
      </td>
    </tr>
  );
}

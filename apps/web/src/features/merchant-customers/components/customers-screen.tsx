import { type SubscriptionStatus, subscriptionStatusSchema } from '@nest/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { PageTitle } from '@/components/layout/page-title';
import { Button, buttonClasses } from '@/components/ui/button';
import { Input, Select } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { type CustomerFilters, useFindCustomers } from '../api/find-customers';
import { CustomerCard } from './customer-card';

/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;

const statuses = ['all', ...subscriptionStatusSchema.options] as const;

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/** /admin/app/customers: who subscribed to the nest, searchable and filterable, a page at a time. */
export function CustomersScreen() {
  const { t } = useTranslation(['admin', 'merchant-customers']);
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState<SubscriptionStatus | 'all'>('all');
  const filters: CustomerFilters = { query: useDebounced(query, SEARCH_DELAY_MS), status };
  const filtered = filters.query.trim() !== '' || status !== 'all';

  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle>{t('admin:pages.customers')}</PageTitle>
        <p className="-mt-3 max-w-2xl text-sm text-slate-600 dark:text-slate-300">
          {t('merchant-customers:intro')}
        </p>
      </div>
      <search className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1.5">
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
        <div className="flex flex-col gap-1.5 sm:w-56">
          <label
            htmlFor="customers-status"
            className="text-sm font-medium text-slate-800 dark:text-slate-200"
          >
            {t('merchant-customers:filters.status')}
          </label>
          <Select
            id="customers-status"
            value={status}
            onChange={(event) => setStatus(event.target.value as SubscriptionStatus | 'all')}
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
      </search>
      <CustomerList filters={filters} filtered={filtered} />
    </div>
  );
}

function CustomerList({ filters, filtered }: { filters: CustomerFilters; filtered: boolean }) {
  const { t } = useTranslation('merchant-customers');
  const errorMessage = useApiErrorMessage();
  const customers = useFindCustomers(filters);
  const items = customers.data?.pages.flatMap((page) => page.customers) ?? [];

  return (
    <section aria-labelledby="customers-list-title" aria-busy={customers.isFetching || undefined}>
      <h2 id="customers-list-title" className="sr-only">
        {t('list.title')}
      </h2>
      {customers.isPending ? (
        <p role="status" className="py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          {t('list.loading')}
        </p>
      ) : !customers.data ? (
        <div
          role="alert"
          className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          <p>{errorMessage(customers.error)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void customers.refetch()}>
            {t('list.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
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
      ) : (
        <>
          <p role="status" className="sr-only">
            {t('list.shown', { count: items.length })}
          </p>
          <ul className="grid gap-4 xl:grid-cols-2" aria-label={t('list.title')}>
            {items.map((customer) => (
              <CustomerCard key={customer.id} customer={customer} />
            ))}
          </ul>
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
        </>
      )}
    </section>
  );
}

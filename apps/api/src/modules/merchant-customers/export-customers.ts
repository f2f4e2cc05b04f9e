import { Readable } from 'node:stream';
import type { Locale, MerchantCustomerRow, SubscriptionStatus } from '@nest/contracts';
import { stringify } from 'csv-stringify';
import type { Tx } from '../../db/client.js';
import { type FindCustomersQuery, findNestCustomers } from './find-customers.js';

/** Rows read per query while streaming: memory stays bounded by one batch whatever the total. */
export const EXPORT_BATCH = 1000;

const HEADERS: Record<Locale, string[]> = {
  'en-US': [
    'Name',
    'Email',
    'Offer',
    'Status',
    'Since',
    'Next payment',
    'Total paid (EUR)',
    'Last check-in',
    'Price (EUR)',
    'Billing period',
    'Link',
  ],
  'fr-FR': [
    'Nom',
    'E-mail',
    'Offre',
    'Statut',
    'Depuis',
    'Prochain paiement',
    'Total payé (EUR)',
    'Dernier passage',
    'Prix (EUR)',
    'Période de facturation',
    'Lien',
  ],
};

const STATUS: Record<Locale, Record<SubscriptionStatus, string>> = {
  'en-US': {
    incomplete: 'Incomplete',
    trialing: 'Trial',
    active: 'Active',
    past_due: 'Past due',
    canceled: 'Cancelled',
    unpaid: 'Unpaid',
  },
  'fr-FR': {
    incomplete: 'Incomplet',
    trialing: 'Essai',
    active: 'Actif',
    past_due: 'En retard',
    canceled: 'Résilié',
    unpaid: 'Impayé',
  },
};

const ENDING: Record<Locale, string> = { 'en-US': 'ends at period end', 'fr-FR': 'fin en fin de période' };

/** Cents as euros with two decimals and a dot ("1234.50"), which every spreadsheet reads as a number. */
export const euros = (cents: number) => (cents / 100).toFixed(2);

/** "P1M", "P2W", "P1Y": the billing period in ISO 8601 duration form, the same in both languages. */
const period = (row: MerchantCustomerRow) =>
  `P${row.interval_count}${row.interval === 'week' ? 'W' : row.interval === 'month' ? 'M' : 'Y'}`;

function csvRecord(row: MerchantCustomerRow, locale: Locale): string[] {
  const status = STATUS[locale][row.status];
  return [
    row.customer.name ?? '',
    row.customer.email,
    row.offer.name,
    row.cancel_at_period_end && row.status !== 'canceled' ? `${status} (${ENDING[locale]})` : status,
    row.since,
    row.next_payment_at ?? '',
    euros(row.total_paid_cents),
    row.last_check_in_at ?? '',
    euros(row.amount_cents),
    period(row),
    row.link_label ?? '',
  ];
}

/** Every row the filters match, one batch at a time, in the table's order. */
async function* allRows(db: Tx, nestId: string, filters: Omit<FindCustomersQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await findNestCustomers(db, nestId, {
      ...filters,
      limit: EXPORT_BATCH,
      ...(cursor ? { cursor } : {}),
    });
    for (const row of page.rows) yield row;
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
}

/**
 * The customers table as CSV, every row matching the filters (not just one page), streamed: a UTF-8
 * byte order mark (so spreadsheets read accents), a header row in the merchant's language, dates in
 * ISO 8601 (UTC), amounts in euros with two decimals.
 */
export function exportNestCustomers(
  db: Tx,
  nestId: string,
  filters: Omit<FindCustomersQuery, 'limit' | 'cursor'>,
  locale: Locale,
): Readable {
  const records = Readable.from(
    (async function* () {
      for await (const row of allRows(db, nestId, filters)) yield csvRecord(row, locale);
    })(),
  );
  const csv = stringify({ bom: true, header: true, columns: HEADERS[locale], record_delimiter: 'windows' });
  records.on('error', (error) => csv.destroy(error));
  return records.pipe(csv);
}

import { isLocale, type Locale } from '@nest/contracts';

/** A party of the receipt, as printed: its name and address lines, and its VAT number when it has one. */
export interface ReceiptParty {
  name: string;
  lines: string[];
  email: string | null;
  vatNumber: string | null;
  /** Company registration (SIREN/SIRET, RCS…), when known. */
  companyId: string | null;
}

/** What was sold: a plan of the platform, or a nest's offer. */
export type ReceiptItem = { type: 'plan'; plan: string } | { type: 'offer'; name: string };

/**
 * Everything a receipt prints, frozen when its invoice was paid (stored as JSON on the receipt row):
 * rendering it again gives the same words, whatever happened to the nest or the merchant since.
 */
export interface ReceiptDocument {
  version: 1;
  kind: 'plan' | 'nest';
  number: string;
  locale: Locale;
  /** The seller's time zone: the issue and period dates are the seller's dates. */
  timeZone: string;
  issuedAt: string;
  seller: ReceiptParty;
  buyer: ReceiptParty;
  item: ReceiptItem;
  periodStart: string | null;
  periodEnd: string | null;
  currency: string;
  /** What was paid, VAT included. */
  totalCents: number;
  /** Before tax. */
  netCents: number;
  vatCents: number;
  /** Null: the seller does not charge VAT (the French mention is printed instead). */
  vatRateBps: number | null;
  /** The payment provider's invoice id: what ties the receipt to the payment. */
  paymentReference: string;
}

/**
 * Splits a price that includes VAT: the amount before tax is rounded to the cent, VAT is the rest, so
 * the two always add up to what was paid. Without a rate, everything is before tax.
 */
export function splitVat(totalCents: number, rateBps: number | null): { netCents: number; vatCents: number } {
  if (!rateBps) return { netCents: totalCents, vatCents: 0 };
  const netCents = Math.round((totalCents * 10_000) / (10_000 + rateBps));
  return { netCents, vatCents: totalCents - netCents };
}

/** The issuer's series: the platform's for plan invoices, the nest's for its customers' invoices. */
export const PLATFORM_ISSUER = 'platform';
export const nestIssuer = (nestId: string) => `nest:${nestId}`;

/** The printed number: the series prefix and the sequence padded to six digits (NEST-000042, F-000007). */
export function formatReceiptNumber(kind: 'plan' | 'nest', sequence: number): string {
  return `${kind === 'plan' ? 'NEST' : 'F'}-${String(sequence).padStart(6, '0')}`;
}

export function receiptLocale(value: string | null | undefined): Locale {
  return value && isLocale(value) ? value : 'en-US';
}

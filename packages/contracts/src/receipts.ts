import { z } from 'zod';
import { text } from './text.js';

/**
 * Receipts (ADR 129): every paid invoice has a PDF receipt, numbered in its issuer's series (the
 * platform for plan invoices, the nest for its customers'). These paths are where each reader gets it.
 */
export const receiptPaths = {
  /** The merchant's own plan invoice. */
  plan: (merchantId: string, invoiceId: string) =>
    `/api/v1/users/${encodeURIComponent(merchantId)}/plan/invoices/${encodeURIComponent(invoiceId)}/receipt`,
  /** One of the nest's customers' invoices, for the merchant. */
  nest: (nestId: string, invoiceId: string) =>
    `/api/v1/nests/${encodeURIComponent(nestId)}/nest-invoices/${encodeURIComponent(invoiceId)}/receipt`,
  /** The signed-in customer's own invoice. */
  customer: (invoiceId: string) =>
    `/api/v1/nest-customers/me/invoices/${encodeURIComponent(invoiceId)}/receipt`,
} as const;

export const receiptInvoiceParamsSchema = z.object({ id: text().max(64), invoiceId: text().max(64) });
export const nestReceiptParamsSchema = z.object({ nestId: text().max(64), invoiceId: text().max(64) });
export const customerReceiptParamsSchema = z.object({ invoiceId: text().max(64) });

/** One paid invoice in the customer's "Invoices and receipts". */
export const customerReceiptSchema = z
  .object({
    invoice_id: z.uuid(),
    /** The receipt's number; null until its first download numbers an invoice paid before receipts existed. */
    number: z.string().nullable(),
    nest_name: z.string(),
    offer_name: z.string(),
    amount_cents: z.number().int(),
    currency: z.string(),
    paid_at: z.iso.datetime(),
    period_start: z.iso.datetime().nullable(),
    period_end: z.iso.datetime().nullable(),
    /** GET it to download the PDF (signed-in customer). */
    download_url: z.string(),
  })
  .meta({ id: 'CustomerReceipt' });
export type CustomerReceipt = z.infer<typeof customerReceiptSchema>;

export const customerReceiptListSchema = z
  .object({ receipts: z.array(customerReceiptSchema) })
  .meta({ id: 'CustomerReceiptList' });
export type CustomerReceiptList = z.infer<typeof customerReceiptListSchema>;

/** The PDF answer, for the OpenAPI document. */
export const receiptPdfSchema = z.string().meta({
  id: 'ReceiptPdf',
  description: 'The receipt as application/pdf (Content-Disposition: attachment).',
  format: 'binary',
});

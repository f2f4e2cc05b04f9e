import {
  customerReceiptListSchema,
  customerReceiptParamsSchema,
  nestReceiptParamsSchema,
  problemSchema,
  receiptInvoiceParamsSchema,
  receiptPdfSchema,
} from '@nest/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOwnMerchantId, requireOwnNest } from '../../plugins/auth.js';
import { requireNestReceipt, requirePlanReceipt } from './find-receipt.js';
import type { ReceiptRow } from './issue-receipt.js';
import { platformSeller } from './issue-receipt.js';
import { listCustomerReceipts } from './list-customer-receipts.js';
import { receiptFile } from './receipt-file.js';

const pdfResponses = {
  200: {
    description: 'The PDF receipt, as an attachment named after its number.',
    content: { 'application/pdf': { schema: receiptPdfSchema } },
  },
  401: problemSchema,
  404: problemSchema,
  409: problemSchema,
};
const notPaid = 'An unpaid invoice has no receipt: 409 `invoice_not_paid`.';

/**
 * Receipts (ADR 129): the PDF of a paid invoice, for the merchant (their plan's, their customers') and
 * for the customer (their own), and the customer's list of them. Every invoice is looked up within
 * the caller's own scope, so anyone else's is a 404.
 */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const platform = platformSeller(app.config);

  const sendPdf = async (reply: FastifyReply, receipt: ReceiptRow) => {
    const file = await receiptFile(app.db, receipt);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('etag', `"${file.sha256}"`)
      .type('application/pdf')
      .send(file.bytes);
  };

  app.get(
    '/users/:id/plan/invoices/:invoiceId/receipt',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['plans'],
        summary: 'The PDF receipt of one of my plan invoices',
        description: `Issued by the platform, numbered in its series, in the merchant's language. ${notPaid}`,
        security: [{ merchantSession: [] }],
        params: receiptInvoiceParamsSchema,
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const userId = requireOwnMerchantId(request, request.params.id);
      return sendPdf(reply, await requirePlanReceipt(app.db, platform, userId, request.params.invoiceId));
    },
  );

  app.get(
    '/nests/:nestId/nest-invoices/:invoiceId/receipt',
    {
      preHandler: app.requireMerchant,
      schema: {
        tags: ['merchant-customers'],
        summary: 'The PDF receipt of one of my customers’ invoices',
        description: `Issued by the nest (its legal identity), numbered in the nest's series, in the customer's language. Another nest's invoice is a 404. ${notPaid}`,
        security: [{ merchantSession: [] }],
        params: nestReceiptParamsSchema,
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const nest = await requireOwnNest(request, request.params.nestId);
      return sendPdf(reply, await requireNestReceipt(app.db, { nestId: nest.id }, request.params.invoiceId));
    },
  );

  app.get(
    '/nest-customers/me/receipts',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['customers'],
        summary: 'My invoices and receipts',
        description:
          'Every paid invoice of my subscriptions across nests, newest first, with its PDF receipt.',
        response: { 200: customerReceiptListSchema, 401: problemSchema },
      },
    },
    async (request) => ({ receipts: await listCustomerReceipts(app.db, request.customer!.customerId) }),
  );

  app.get(
    '/nest-customers/me/invoices/:invoiceId/receipt',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['customers'],
        summary: 'The PDF receipt of one of my invoices',
        description: `Another customer's invoice is a 404. ${notPaid}`,
        params: customerReceiptParamsSchema,
        response: pdfResponses,
      },
    },
    async (request, reply) => {
      const owner = { customerId: request.customer!.customerId };
      return sendPdf(reply, await requireNestReceipt(app.db, owner, request.params.invoiceId));
    },
  );
};

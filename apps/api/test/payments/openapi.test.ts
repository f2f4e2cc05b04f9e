import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers.js';

describe('the payments API in the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents every plan and payment route with its schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    const operations: [string, string][] = [
      ['/api/v1/plans', 'get'],
      ['/api/v1/users/{id}/plan/checkout', 'post'],
      ['/api/v1/users/{id}/get-plan', 'get'],
      ['/api/v1/users/{id}/plan/change', 'post'],
      ['/api/v1/users/{id}/plan/cancel', 'post'],
      ['/api/v1/users/{id}/plan/resume', 'post'],
      ['/api/v1/users/{id}/plan/invoices', 'get'],
      ['/api/v1/users/{id}/stripe/invoices', 'get'],
      ['/api/v1/users/{id}/stripe/transactions', 'get'],
      ['/api/v1/users/{id}/stripe/transactions/{transactionId}/refund', 'post'],
      ['/api/v1/payments/internal/subscriptions/{id}/invoices/unpaid', 'get'],
      ['/api/v1/payments/internal/subscriptions/{id}/invoices/retry', 'post'],
      ['/api/v1/sandbox/clock/advance', 'post'],
      ['/api/v1/webhooks/sandbox', 'post'],
    ];
    for (const [path, method] of operations) {
      expect(doc.paths[path]?.[method], `${method.toUpperCase()} ${path}`).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'PlanState',
        'PlanInvoice',
        'RetryInvoicesResult',
        'PlanList',
        // Request bodies are described as zod's input variants (ADR 178).
        'ClockAdvanceBodyInput',
        'TransactionPage',
        'Transaction',
        'RefundBodyInput',
        'RefundResult',
        'NestInvoicePage',
      ]),
    );
    // The hosted pages are HTML for browsers, not API.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/sandbox/'))).toBe(false);
  });
});

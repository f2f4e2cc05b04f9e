import type { NeutralEventType, ProviderEvent } from './port.js';

/**
 * Stripe's event types, and what each means to the app. The sandbox emits the same names, so one
 * table serves both adapters. Anything else is stored and acknowledged, and changes nothing.
 */
const neutralTypes: Record<string, NeutralEventType> = {
  'checkout.session.completed': 'checkout.completed',
  'checkout.session.async_payment_succeeded': 'checkout.completed',
  'invoice.paid': 'invoice.paid',
  'invoice.payment_failed': 'invoice.payment_failed',
  'invoice.voided': 'invoice.updated',
  'invoice.marked_uncollectible': 'invoice.updated',
  'invoice.finalized': 'invoice.updated',
  'customer.subscription.created': 'subscription.updated',
  'customer.subscription.updated': 'subscription.updated',
  'customer.subscription.paused': 'subscription.updated',
  'customer.subscription.resumed': 'subscription.updated',
  'customer.subscription.deleted': 'subscription.canceled',
  'account.updated': 'payout_account.updated',
  // The ledger (ADR 120): refunds, the payment's fees, payouts and disputes on connected accounts.
  'charge.succeeded': 'payment.updated',
  'charge.updated': 'payment.updated',
  'charge.refunded': 'payment.updated',
  'charge.refund.updated': 'payment.updated',
  'refund.created': 'payment.updated',
  'refund.updated': 'payment.updated',
  'refund.failed': 'payment.updated',
  'payout.created': 'payout.updated',
  'payout.updated': 'payout.updated',
  'payout.paid': 'payout.updated',
  'payout.failed': 'payout.updated',
  'payout.canceled': 'payout.updated',
  'charge.dispute.created': 'dispute.updated',
  'charge.dispute.updated': 'dispute.updated',
  'charge.dispute.closed': 'dispute.updated',
  'charge.dispute.funds_withdrawn': 'dispute.updated',
  'charge.dispute.funds_reinstated': 'dispute.updated',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a verified Stripe-shaped event; undefined when the JSON is not an event at all. */
export function toProviderEvent(json: unknown): ProviderEvent | undefined {
  if (!isRecord(json) || typeof json.id !== 'string' || typeof json.type !== 'string') return undefined;
  if (json.id.length === 0 || json.id.length > 255 || json.type.length > 255) return undefined;
  const data = isRecord(json.data) ? json.data : {};
  const object = isRecord(data.object) ? data.object : {};
  const created =
    typeof json.created === 'number' && Number.isFinite(json.created) ? json.created : undefined;
  return {
    id: json.id,
    type: json.type,
    neutralType: neutralTypes[json.type] ?? null,
    objectId: typeof object.id === 'string' ? object.id : null,
    accountId: typeof json.account === 'string' ? json.account : null,
    occurredAt: created === undefined ? new Date() : new Date(created * 1000),
    payload: json,
  };
}

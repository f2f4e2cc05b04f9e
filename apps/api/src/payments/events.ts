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

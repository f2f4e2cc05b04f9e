import type { Tx } from '../db/client.js';
import type { NeutralEventType, ProviderEvent } from './port.js';

/**
 * Whose business an event is: a payout account's (onboarding, payouts held or enabled), an object on
 * a merchant's connected account (their customers' checkouts, invoices, subscriptions), or an object
 * on the platform's own account (the merchants' plans).
 */
export type PaymentEventScope = 'payout_account' | 'connected_account' | 'platform';

/** An event worth applying: it has a meaning to the app and names its object. */
export type KnownProviderEvent = ProviderEvent & { neutralType: NeutralEventType; objectId: string };

/** Applies one event inside the webhook's transaction; answers whether it was about one of ours. */
export type PaymentEventHandler = (tx: Tx, event: KnownProviderEvent) => Promise<boolean>;

/** After the sandbox's test clock moved a merchant's time: every date the provider reports moved. */
export type ClockAdvancedHandler = (ownerId: string, source: string) => Promise<void>;

/**
 * Where modules register what they do with payment events, at startup, as they register jobs:
 * payments/ dispatches to them and imports no module.
 */
export class PaymentEventHandlers {
  private readonly handlers = new Map<PaymentEventScope, PaymentEventHandler[]>();
  private readonly clockHandlers: ClockAdvancedHandler[] = [];

  on(scope: PaymentEventScope, handler: PaymentEventHandler): void {
    this.handlers.set(scope, [...(this.handlers.get(scope) ?? []), handler]);
  }

  onClockAdvanced(handler: ClockAdvancedHandler): void {
    this.clockHandlers.push(handler);
  }

  /** Runs the handlers of the event's scope in registration order; true if any applied it. */
  async dispatch(tx: Tx, event: KnownProviderEvent): Promise<boolean> {
    let applied = false;
    for (const handler of this.handlers.get(scopeOf(event)) ?? []) {
      if (await handler(tx, event)) applied = true;
    }
    return applied;
  }

  async clockAdvanced(ownerId: string, source: string): Promise<void> {
    for (const handler of this.clockHandlers) await handler(ownerId, source);
  }
}

/** A payout account event may come from the connected account itself: its type decides first. */
export function scopeOf(event: ProviderEvent): PaymentEventScope {
  if (event.neutralType === 'payout_account.updated') return 'payout_account';
  return event.accountId ? 'connected_account' : 'platform';
}

import type { Jobs } from '../../types.js';
import type { SandboxDeps } from './context.js';
import { type DeliveryDeps, deliverEvent } from './deliver-events.js';
import { DELIVER_EVENT_JOB } from './emit-event.js';
import { runPayouts } from './payouts.js';
import { runBillingClock } from './renew-subscriptions.js';

export const BILLING_CLOCK_JOB = 'payments.sandbox.billing-clock';
/** The billing clock looks for due renewals, retries and payouts this often. */
const BILLING_CLOCK_INTERVAL_MS = 60_000;

/** The sandbox's background work: delivering its events (retried with backoff) and its billing clock. */
export function registerSandboxJobs(jobs: Jobs, deps: SandboxDeps, delivery: DeliveryDeps): void {
  jobs.register(DELIVER_EVENT_JOB, async (payload) => {
    const eventId = (payload as { eventId?: unknown } | null)?.eventId;
    if (typeof eventId !== 'string') throw new Error('Malformed sandbox delivery payload');
    await deliverEvent(delivery, eventId);
  });
  jobs.register(BILLING_CLOCK_JOB, async () => {
    await runBillingClock(deps);
    await runPayouts(deps);
  });
  jobs.every(BILLING_CLOCK_JOB, BILLING_CLOCK_INTERVAL_MS);
}

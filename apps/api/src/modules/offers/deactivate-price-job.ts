import { z } from 'zod';
import type { Tx } from '../../db/client.js';
import type { CatalogProvider } from '../../payments/catalog.js';
import type { Jobs } from '../../types.js';

export const DEACTIVATE_PRICE_JOB = 'offers.deactivate-price';

const payloadSchema = z.object({ accountId: z.string(), priceId: z.string() });

/**
 * Once a version is replaced, its provider price must stop taking new subscribers. That happens after
 * our transaction commits, through the job queue, so a provider hiccup is retried instead of lost.
 */
export function enqueuePriceDeactivation(jobs: Jobs, tx: Tx | undefined, accountId: string, priceId: string) {
  return jobs.enqueue(
    DEACTIVATE_PRICE_JOB,
    { accountId, priceId },
    { ...(tx ? { tx } : {}), dedupeKey: `${DEACTIVATE_PRICE_JOB}:${priceId}` },
  );
}

export function registerPriceDeactivation(jobs: Jobs, provider: () => CatalogProvider) {
  jobs.register(DEACTIVATE_PRICE_JOB, async (payload) => {
    const { accountId, priceId } = payloadSchema.parse(payload);
    await provider().setPriceActive(accountId, priceId, false, {
      idempotencyKey: `price:${priceId}:deactivate`,
    });
  });
}

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { offerPrices, offers } from '../../db/schema/index.js';
import type { CatalogProvider, ProviderPrice, ProviderProduct } from '../../payments/catalog.js';
import type { Jobs } from '../../types.js';

export const DISCARD_PROVIDER_OBJECTS_JOB = 'offers.discard-provider-objects';

const madeSchema = z.object({
  accountId: z.string(),
  productId: z.string().optional(),
  priceId: z.string().optional(),
});

/** What one attempt made at the provider before its database write. */
export type MadeAtProvider = z.infer<typeof madeSchema>;

interface DiscardDeps {
  db: Db;
  provider: CatalogProvider;
  jobs: Jobs;
}

async function isAdoptedProduct(db: Db, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(eq(offers.providerProductId, productId))
    .limit(1);
  return row !== undefined;
}

async function isAdoptedPrice(db: Db, priceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: offerPrices.id })
    .from(offerPrices)
    .where(eq(offerPrices.providerPriceId, priceId))
    .limit(1);
  return row !== undefined;
}

/**
 * Archives the product and deactivates the price an attempt made, unless an offer holds them (a
 * concurrent or later retry with the same key adopted them). Both writes are harmless when repeated,
 * so each call sends fresh idempotency keys: a discard after a revival must really discard.
 */
async function discardUnadopted({ db, provider }: Omit<DiscardDeps, 'jobs'>, made: MadeAtProvider) {
  const key = randomUUID();
  if (made.priceId && !(await isAdoptedPrice(db, made.priceId))) {
    await provider.setPriceActive(made.accountId, made.priceId, false, {
      idempotencyKey: `price:${made.priceId}:discard:${key}`,
    });
  }
  if (made.productId && !(await isAdoptedProduct(db, made.productId))) {
    await provider.updateProduct(
      made.accountId,
      made.productId,
      { active: false },
      { idempotencyKey: `product:${made.productId}:discard:${key}` },
    );
  }
}

/**
 * Called when the write that should have recorded provider objects failed: they must not stay on
 * sale in the merchant's account. Discards them now; if that fails too (the provider or our database
 * is down), a job retries it; if even that cannot be queued, the error names the objects left behind.
 */
export async function discardAfterFailure(deps: DiscardDeps, made: MadeAtProvider, failure: unknown) {
  try {
    await discardUnadopted(deps, made);
  } catch {
    try {
      await deps.jobs.enqueue(DISCARD_PROVIDER_OBJECTS_JOB, made, {
        dedupeKey: `${DISCARD_PROVIDER_OBJECTS_JOB}:${made.priceId ?? made.productId}:${randomUUID()}`,
      });
    } catch {
      throw new Error(`Provider objects left active: ${JSON.stringify(made)}`, { cause: failure });
    }
  }
}

export function registerProviderObjectsDiscard(jobs: Jobs, deps: () => Omit<DiscardDeps, 'jobs'>) {
  jobs.register(DISCARD_PROVIDER_OBJECTS_JOB, (payload) =>
    discardUnadopted(deps(), madeSchema.parse(payload)),
  );
}

/**
 * A retry sends the same idempotency keys and gets back what the failed attempt made, which that
 * attempt may have discarded: put it back on sale before an offer holds it.
 */
export async function reviveProduct(provider: CatalogProvider, accountId: string, product: ProviderProduct) {
  if (product.active) return;
  await provider.updateProduct(
    accountId,
    product.id,
    { active: true },
    { idempotencyKey: `product:${product.id}:revive:${randomUUID()}` },
  );
}

export async function revivePrice(provider: CatalogProvider, accountId: string, price: ProviderPrice) {
  if (price.active) return;
  await provider.setPriceActive(accountId, price.id, true, {
    idempotencyKey: `price:${price.id}:revive:${randomUUID()}`,
  });
}

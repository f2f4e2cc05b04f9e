import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { sandboxAccounts, sandboxPrices, sandboxProducts } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { CatalogProvider, ProviderPrice, ProviderProduct } from '../catalog.js';

type ProductRow = typeof sandboxProducts.$inferSelect;
type PriceRow = typeof sandboxPrices.$inferSelect;

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Stripe-looking ids (`prod_…`, `price_…`). */
function catalogId(prefix: 'prod' | 'price'): string {
  return `${prefix}_${Array.from(randomBytes(14), (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

const productToPort = (row: ProductRow): ProviderProduct => ({
  id: row.id,
  name: row.name,
  description: row.description,
  active: row.active,
});

const priceToPort = (row: PriceRow): ProviderPrice => ({
  id: row.id,
  productId: row.productId,
  amountCents: row.amountCents,
  currency: row.currency,
  interval: row.interval,
  intervalCount: row.intervalCount,
  active: row.active,
});

const noSuch = () => new AppError('not_found');

async function requireAccount(tx: Tx, accountId: string): Promise<void> {
  const [account] = await tx
    .select({ id: sandboxAccounts.id })
    .from(sandboxAccounts)
    .where(eq(sandboxAccounts.id, accountId));
  if (!account) throw noSuch();
}

async function findProduct(tx: Tx, accountId: string, productId: string): Promise<ProductRow> {
  const [row] = await tx
    .select()
    .from(sandboxProducts)
    .where(and(eq(sandboxProducts.id, productId), eq(sandboxProducts.accountId, accountId)));
  if (!row) throw noSuch();
  return row;
}

/**
 * The sandbox's products and prices, behaving as Stripe's on a connected account: objects of one
 * account are invisible from another, prices are immutable but for their active flag, and a create
 * sent again with the same idempotency key answers the object made the first time.
 */
export function sandboxCatalog(db: Db): CatalogProvider {
  const run = <T>(tx: Tx | undefined, fn: (tx: Tx) => Promise<T>) => (tx ? fn(tx) : db.transaction(fn));
  return {
    createProduct: (accountId, input, { idempotencyKey, tx }) =>
      run(tx, async (t) => {
        await requireAccount(t, accountId);
        const [created] = await t
          .insert(sandboxProducts)
          .values({
            id: catalogId('prod'),
            accountId,
            name: input.name,
            description: input.description,
            metadata: input.metadata,
            idempotencyKey,
          })
          .onConflictDoNothing()
          .returning();
        if (created) return productToPort(created);
        const [earlier] = await t
          .select()
          .from(sandboxProducts)
          .where(
            and(eq(sandboxProducts.accountId, accountId), eq(sandboxProducts.idempotencyKey, idempotencyKey)),
          );
        if (!earlier) throw new Error('Sandbox product insert conflicted without an earlier product');
        return productToPort(earlier);
      }),

    updateProduct: (accountId, productId, input, { tx }) =>
      run(tx, async (t) => {
        await findProduct(t, accountId, productId);
        const [row] = await t
          .update(sandboxProducts)
          .set({
            ...(input.name !== undefined ? { name: input.name } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            ...(input.active !== undefined ? { active: input.active } : {}),
            updatedAt: new Date(),
          })
          .where(eq(sandboxProducts.id, productId))
          .returning();
        return productToPort(row!);
      }),

    createPrice: (accountId, input, { idempotencyKey, tx }) =>
      run(tx, async (t) => {
        await findProduct(t, accountId, input.productId);
        const [created] = await t
          .insert(sandboxPrices)
          .values({
            id: catalogId('price'),
            accountId,
            productId: input.productId,
            amountCents: input.amountCents,
            currency: input.currency,
            interval: input.interval,
            intervalCount: input.intervalCount,
            metadata: input.metadata,
            idempotencyKey,
          })
          .onConflictDoNothing()
          .returning();
        if (created) return priceToPort(created);
        const [earlier] = await t
          .select()
          .from(sandboxPrices)
          .where(
            and(eq(sandboxPrices.accountId, accountId), eq(sandboxPrices.idempotencyKey, idempotencyKey)),
          );
        if (!earlier) throw new Error('Sandbox price insert conflicted without an earlier price');
        return priceToPort(earlier);
      }),

    setPriceActive: (accountId, priceId, active, { tx }) =>
      run(tx, async (t) => {
        const [row] = await t
          .update(sandboxPrices)
          .set({ active })
          .where(and(eq(sandboxPrices.id, priceId), eq(sandboxPrices.accountId, accountId)))
          .returning();
        if (!row) throw noSuch();
        return priceToPort(row);
      }),
  };
}

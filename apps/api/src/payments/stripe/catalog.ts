import type Stripe from 'stripe';
import type { CatalogProvider, PriceInterval, ProviderPrice, ProviderProduct } from '../catalog.js';
import { call } from './map-error.js';

const productToPort = (product: Stripe.Product): ProviderProduct => ({
  id: product.id,
  name: product.name,
  description: product.description ?? null,
  active: product.active,
});

function priceToPort(price: Stripe.Price): ProviderPrice {
  if (!price.recurring || price.unit_amount === null) {
    throw new Error(`Stripe price ${price.id} is not a recurring price with an amount`);
  }
  return {
    id: price.id,
    productId: typeof price.product === 'string' ? price.product : price.product.id,
    amountCents: price.unit_amount,
    currency: price.currency,
    interval: price.recurring.interval as PriceInterval,
    intervalCount: price.recurring.interval_count,
    active: price.active,
  };
}

/**
 * Stripe answers a replayed idempotency key with the object as it was first made, though it may have
 * been archived since (a failed offer creation discards what it made): read it again so `active` is
 * true now, and a retry knows to put it back on sale.
 */
const replayed = (response: Stripe.Response<unknown>) =>
  response.lastResponse?.headers?.['idempotent-replayed'] === 'true';

/**
 * Products and prices on a merchant's connected account (the Stripe-Account header), every write
 * with an idempotency key. Prices at Stripe are immutable but for `active`.
 */
export function stripeCatalog(stripe: Stripe): CatalogProvider {
  return {
    createProduct: (accountId, input, { idempotencyKey }) =>
      call(async () => {
        const product = await stripe.products.create(
          {
            name: input.name,
            ...(input.description ? { description: input.description } : {}),
            metadata: input.metadata,
          },
          { idempotencyKey, stripeAccount: accountId },
        );
        return replayed(product)
          ? stripe.products.retrieve(product.id, {}, { stripeAccount: accountId })
          : product;
      }).then(productToPort),

    updateProduct: (accountId, productId, input, { idempotencyKey }) =>
      call(() =>
        stripe.products.update(
          productId,
          {
            ...(input.name !== undefined ? { name: input.name } : {}),
            // An empty string is how Stripe removes a description.
            ...(input.description !== undefined ? { description: input.description ?? '' } : {}),
            ...(input.active !== undefined ? { active: input.active } : {}),
          },
          { idempotencyKey, stripeAccount: accountId },
        ),
      ).then(productToPort),

    createPrice: (accountId, input, { idempotencyKey }) =>
      call(async () => {
        const price = await stripe.prices.create(
          {
            product: input.productId,
            unit_amount: input.amountCents,
            currency: input.currency,
            recurring: { interval: input.interval, interval_count: input.intervalCount },
            metadata: input.metadata,
          },
          { idempotencyKey, stripeAccount: accountId },
        );
        return replayed(price) ? stripe.prices.retrieve(price.id, {}, { stripeAccount: accountId }) : price;
      }).then(priceToPort),

    setPriceActive: (accountId, priceId, active, { idempotencyKey }) =>
      call(() =>
        stripe.prices.update(priceId, { active }, { idempotencyKey, stripeAccount: accountId }),
      ).then(priceToPort),
  };
}

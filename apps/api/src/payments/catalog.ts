import type { Metadata, WriteOptions } from './port.js';

export type PriceInterval = 'week' | 'month' | 'year';

export interface ProviderProduct {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
}

export interface ProviderPrice {
  id: string;
  productId: string;
  amountCents: number;
  currency: string;
  interval: PriceInterval;
  intervalCount: number;
  active: boolean;
}

/**
 * Products and recurring prices on a merchant's connected account: what the merchant's customers
 * subscribe to. Prices are immutable at the provider: a new amount is a new price. Every call names
 * the connected account and carries an idempotency key, so a retry never makes a second object.
 */
export interface CatalogProvider {
  createProduct(
    accountId: string,
    input: { name: string; description: string | null; metadata: Metadata },
    options: WriteOptions,
  ): Promise<ProviderProduct>;
  updateProduct(
    accountId: string,
    productId: string,
    input: { name?: string; description?: string | null; active?: boolean },
    options: WriteOptions,
  ): Promise<ProviderProduct>;
  createPrice(
    accountId: string,
    input: {
      productId: string;
      amountCents: number;
      currency: 'eur';
      interval: PriceInterval;
      intervalCount: number;
      metadata: Metadata;
    },
    options: WriteOptions,
  ): Promise<ProviderPrice>;
  /** New subscribers can no longer pick an inactive price; existing subscriptions keep renewing on it. */
  setPriceActive(
    accountId: string,
    priceId: string,
    active: boolean,
    options: WriteOptions,
  ): Promise<ProviderPrice>;
}

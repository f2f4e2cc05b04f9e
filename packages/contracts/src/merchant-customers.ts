import { z } from 'zod';
import { offerIntervalSchema } from './offers.js';
import { subscriptionStatusSchema } from './plans.js';
import { text } from './text.js';

/**
 * The merchant's customers screen: the people with a subscription in the merchant's nest
 * (POST /api/v1/nests/{id}/nest-customers/find). A customer's identity is shared across nests (one per
 * email), but a merchant only ever sees their own nest's subscriptions and payments of that person.
 */
export const MERCHANT_CUSTOMERS_PAGE_MAX = 100;
export const MERCHANT_CUSTOMERS_PAGE_DEFAULT = 50;
export const MERCHANT_CUSTOMERS_QUERY_MAX_LENGTH = 100;

export const findMerchantCustomersBodySchema = z
  .object({
    /** Part of the name or the email, case-insensitive. Blank means everyone. */
    query: text().trim().max(MERCHANT_CUSTOMERS_QUERY_MAX_LENGTH).optional(),
    /** Only customers with at least one subscription in this status in the nest. */
    status: subscriptionStatusSchema.optional(),
    limit: z.number().int().min(1).max(MERCHANT_CUSTOMERS_PAGE_MAX).default(MERCHANT_CUSTOMERS_PAGE_DEFAULT),
    /** next_cursor of the previous page. */
    cursor: text().max(200).optional(),
  })
  .strict()
  .meta({ id: 'FindMerchantCustomersBody' });
export type FindMerchantCustomersBody = z.input<typeof findMerchantCustomersBodySchema>;

const timestamp = z.iso.datetime({ offset: true });

export const merchantCustomerSubscriptionSchema = z
  .object({
    id: z.uuid(),
    offer: z.object({ id: z.uuid(), name: z.string() }),
    status: subscriptionStatusSchema,
    amount_cents: z.number().int(),
    currency: z.string(),
    interval: offerIntervalSchema,
    interval_count: z.number().int(),
    started_at: timestamp,
    current_period_end: timestamp.nullable(),
    cancel_at_period_end: z.boolean(),
    /** The label of the link the customer subscribed through, when there was one. */
    link_label: z.string().nullable(),
  })
  .meta({ id: 'MerchantCustomerSubscription' });
export type MerchantCustomerSubscription = z.infer<typeof merchantCustomerSubscriptionSchema>;

export const merchantCustomerSchema = z
  .object({
    id: z.uuid(),
    name: z.string().nullable(),
    email: z.string(),
    /** This nest's subscriptions of the customer, newest first (every status). */
    subscriptions: z.array(merchantCustomerSubscriptionSchema),
    /** What the customer has paid this nest, all time (succeeded payments). */
    total_paid_cents: z.number().int(),
  })
  .meta({ id: 'MerchantCustomer' });
export type MerchantCustomer = z.infer<typeof merchantCustomerSchema>;

export const merchantCustomerPageSchema = z
  .object({
    /** Most recent subscriber first. */
    customers: z.array(merchantCustomerSchema),
    /** Pass as cursor for the next page; null on the last page. */
    next_cursor: z.string().nullable(),
  })
  .meta({ id: 'MerchantCustomerPage' });
export type MerchantCustomerPage = z.infer<typeof merchantCustomerPageSchema>;

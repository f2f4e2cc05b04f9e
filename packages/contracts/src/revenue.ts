import { z } from 'zod';

/** The merchant is warned (banner, email) from this share of the plan's monthly revenue limit. */
export const REVENUE_WARNING_PERCENT = 80;

/**
 * The merchant's revenue this calendar month (their time zone) against their plan's limit, for the
 * dashboard banner. At the limit, new subscriptions through links pause; renewals never stop.
 */
export const revenueSchema = z
  .object({
    /** "2025-03": the month, in the merchant's time zone. */
    month: z.string().regex(/^\d{4}-\d{2}$/),
    month_cents: z.number().int(),
    /** null: the plan has no limit. */
    limit_cents: z.number().int().nullable(),
    /** month_cents / limit_cents, null without a limit. */
    ratio: z.number().nullable(),
    /** At or past REVENUE_WARNING_PERCENT of the limit. */
    warning: z.boolean(),
    /** At or past the limit: new subscriptions pause until next month or an upgrade. */
    limit_reached: z.boolean(),
    currency: z.string(),
    /** Customers with a live (trialing or active) subscription in the merchant's nest now. */
    active_subscribers: z.number().int(),
  })
  .meta({ id: 'Revenue' });
export type Revenue = z.infer<typeof revenueSchema>;

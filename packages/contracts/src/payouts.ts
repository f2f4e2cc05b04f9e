import { z } from 'zod';
import { weekdays } from './payout-values.js';
import { text } from './text.js';

/** When the provider pays the merchant's balance out (the spec's "payout settings"). */
export const payoutScheduleSchema = z
  .discriminatedUnion('interval', [
    z.object({ interval: z.literal('daily') }).strict(),
    z.object({ interval: z.literal('weekly'), weekly_anchor: z.enum(weekdays) }).strict(),
    // A day past the end of a short month pays on its last day, as at the provider.
    z.object({ interval: z.literal('monthly'), monthly_anchor: z.number().int().min(1).max(31) }).strict(),
  ])
  .meta({ id: 'PayoutSchedule' });
export type PayoutSchedule = z.infer<typeof payoutScheduleSchema>;

/**
 * The payout account's state: none (never started), pending (started, not finished or under review),
 * enabled (charges and payouts on), restricted (the provider needs more information or refused).
 */
export const payoutStatuses = ['none', 'pending', 'enabled', 'restricted'] as const;
export const payoutStatusSchema = z.enum(payoutStatuses);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

export const payoutAccountSchema = z
  .object({
    account_id: z.string().nullable(),
    status: payoutStatusSchema,
    charges_enabled: z.boolean(),
    payouts_enabled: z.boolean(),
    details_submitted: z.boolean(),
    schedule: payoutScheduleSchema.nullable(),
    synced_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'PayoutAccount' });
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const payoutAccountIdParamsSchema = z.object({ accountId: text().max(255) });

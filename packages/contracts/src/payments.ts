import { z } from 'zod';

const isoDate = z.iso.datetime({ offset: true });

export const invoiceStatusSchema = z.enum(['draft', 'open', 'paid', 'void', 'uncollectible']);

/** A provider-hosted page the browser is sent to; always built by the server. */
export const redirectUrlSchema = z.object({ url: z.url() }).meta({ id: 'RedirectUrl' });
export type RedirectUrl = z.infer<typeof redirectUrlSchema>;

export const SANDBOX_MAX_ADVANCE_DAYS = 400;

export const clockAdvanceBodySchema = z
  .object({ days: z.number().int().min(1).max(SANDBOX_MAX_ADVANCE_DAYS) })
  .strict()
  .meta({ id: 'ClockAdvanceBody' });

export const clockAdvanceResultSchema = z
  .object({
    /** The merchant's sandbox time after the advance. */
    now: isoDate,
    offset_days: z.number(),
    renewed: z.number().int(),
    retried: z.number().int(),
    failed_payments: z.number().int(),
    canceled: z.number().int(),
    payouts: z.number().int(),
  })
  .meta({ id: 'ClockAdvanceResult' });

export const webhookAckSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean() })
  .meta({ id: 'WebhookAck' });

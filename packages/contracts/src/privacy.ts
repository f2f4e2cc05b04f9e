import { z } from 'zod';

/**
 * Data protection (GDPR art. 15, 17, 20; ADR 171): a merchant or a customer downloads everything Nest
 * holds about them, and erases their account. Invoices and payments are kept, anonymised, for the
 * legal retention period.
 */

/** How long the emailed download link of an export works. */
export const DATA_EXPORT_TTL_DAYS = 7;
/** At most this many exports asked per account and day (each reads every table of the account). */
export const DATA_EXPORTS_PER_DAY = 5;

export const dataExportRequestedSchema = z
  .object({
    status: z.literal('preparing'),
    /** Where the link goes once the file is ready. */
    email: z.string(),
    expires_in_days: z.number().int(),
  })
  .meta({ id: 'DataExportRequested' });
export type DataExportRequested = z.infer<typeof dataExportRequestedSchema>;

export const dataExportParamsSchema = z.object({ token: z.string().min(1).max(100) });

/** Erasing a merchant account: the password again, and what to do about subscribers still paying. */
export const deleteMerchantBodySchema = z
  .object({
    password: z.string().max(1024),
    /**
     * With customers still subscribed: false (the default) refuses with 409 `active_subscribers`;
     * true ends every one of their subscriptions now at the payment provider, then erases.
     */
    cancel_subscriptions: z.boolean().default(false),
  })
  .strict();
export type DeleteMerchantBody = z.infer<typeof deleteMerchantBodySchema>;

/** Erasing a customer account: the email typed again, so nobody erases by a slip. */
export const deleteCustomerBodySchema = z.object({ email: z.email().max(254) }).strict();
export type DeleteCustomerBody = z.infer<typeof deleteCustomerBodySchema>;

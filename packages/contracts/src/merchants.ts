import { z } from 'zod';
import { NAME_MAX_LENGTH } from './account-rules.js';
import { locales } from './locales.js';
import { merchantSubscriptionSchema } from './plans.js';
import { text } from './text.js';

/** True when the IANA time zone exists in this runtime ("Europe/Paris", "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const email = z.email().max(254);
// The policy (length, guessability) is checked by the server and answered with a reason (422);
// the schema only bounds the size so nobody makes the server hash megabytes.
const newPassword = z.string().max(1024);
const name = text().trim().min(1).max(NAME_MAX_LENGTH);
const timeZone = text().max(64).refine(isTimeZone, { message: 'Unknown time zone' });

export const signupBodySchema = z
  .object({
    email,
    password: newPassword,
    name,
    locale: z.enum(locales).optional(),
    /** The browser's zone; Europe/Paris when absent. */
    time_zone: timeZone.optional(),
  })
  .strict()
  .meta({ id: 'SignupBody' });
export type SignupBody = z.infer<typeof signupBodySchema>;

/** What a merchant may change about themselves. Anything else is refused, never written. */
export const updateMerchantBodySchema = z
  .object({
    name: name.optional(),
    email: email.optional(),
    locale: z.enum(locales).optional(),
    time_zone: timeZone.optional(),
    /** A new password; the server refuses it without the right current_password. */
    password: newPassword.optional(),
    current_password: z.string().max(1024).optional(),
  })
  .strict()
  .meta({ id: 'UpdateMerchantBody' });
export type UpdateMerchantBody = z.infer<typeof updateMerchantBodySchema>;

/** The signed-in merchant, as GET /users/me, signup, login and PATCH /users/{id} return it. */
export const merchantSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string(),
    locale: z.enum(locales),
    time_zone: z.string(),
    onboarded_at: z.iso.datetime({ offset: true }).nullable(),
    created_at: z.iso.datetime({ offset: true }),
    subscription: merchantSubscriptionSchema.nullable(),
  })
  .meta({ id: 'Merchant' });
export type Merchant = z.infer<typeof merchantSchema>;

export const merchantIdParamsSchema = z.object({ id: text().max(64) });

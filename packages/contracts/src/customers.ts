import { z } from 'zod';
import { customerSubscriptionSchema } from './subscriptions.js';

// The session cookies' names live in a file without zod (cookies.ts); re-exported here as before.
export { CUSTOMER_COOKIE, CUSTOMER_HINT_COOKIE } from './cookies.js';

/** Sliding: each daily rotation of the token pushes the end this far; never past the absolute cap. */
export const CUSTOMER_SESSION_TTL_DAYS = 30;
export const CUSTOMER_SESSION_MAX_DAYS = 180;

/** A sign-in code: 6 digits, valid 15 minutes, once; 5 wrong tries burn it. */
export const LOGIN_CODE_LENGTH = 6;
export const LOGIN_CODE_TTL_MINUTES = 15;
export const LOGIN_CODE_MAX_ATTEMPTS = 5;

/**
 * POST /nest-customers/login. `{ email }` asks for a code and a link by email; `{ email, code }`
 * or `{ email, token }` (the link's) opens the session.
 */
export const customerLoginBodySchema = z
  .object({
    email: z.email().max(254),
    code: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${LOGIN_CODE_LENGTH}}$`))
      .optional(),
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{20,200}$/)
      .optional(),
  })
  .strict()
  .refine((body) => !(body.code && body.token), {
    message: 'Send a code or a token, not both',
    path: ['token'],
  })
  .meta({ id: 'CustomerLoginBody' });
export type CustomerLoginBody = z.infer<typeof customerLoginBodySchema>;

/** The "plain string instead of a success result": the code was sent if the email is known. */
export const customerLoginSentSchema = z.string().meta({ id: 'CustomerLoginSent' });

export const nestCustomerSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string().nullable(),
    locale: z.string(),
    subscriptions: z.array(customerSubscriptionSchema),
  })
  .meta({ id: 'NestCustomer' });
export type NestCustomer = z.infer<typeof nestCustomerSchema>;

/** What POST /nest-customers/login answers: the customer once signed in, else the "code sent" message. */
export const customerLoginResultSchema = z.union([nestCustomerSchema, customerLoginSentSchema]);

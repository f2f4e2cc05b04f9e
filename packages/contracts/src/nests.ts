import { z } from 'zod';
import { isTimeZone } from './merchants.js';
import { payoutAccountSchema } from './payouts.js';
import { text } from './text.js';

/** The kinds of business a nest can be; the screens translate each. */
export const nestCategories = [
  'cafe',
  'bakery',
  'restaurant',
  'gym',
  'beauty',
  'coaching',
  'shop',
  'other',
] as const;
export const nestCategorySchema = z.enum(nestCategories);
export type NestCategory = z.infer<typeof nestCategorySchema>;

/** Every nest sells in euro for now; the field exists so the API never has to guess. */
export const nestCurrencies = ['EUR'] as const;
export const nestCurrencySchema = z.enum(nestCurrencies);
export type NestCurrency = z.infer<typeof nestCurrencySchema>;

export const NEST_NAME_MAX_LENGTH = 80;
export const NEST_DESCRIPTION_MAX_LENGTH = 280;
export const DEFAULT_NEST_TIME_ZONE = 'Europe/Paris';

/** Logo upload limits: the real type is read from the file's first bytes, never from its name. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_SIZE_PX = 256;
export const logoMediaTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;

const trimmed = (max: number) => text().trim().min(1).max(max);

/** A postal address; the country is an ISO 3166-1 alpha-2 code ("FR"). */
export const nestAddressSchema = z
  .object({
    line1: trimmed(120),
    line2: text().trim().max(120).nullable().optional(),
    postal_code: trimmed(16),
    city: trimmed(80),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
  })
  .strict()
  .meta({ id: 'NestAddress' });
export type NestAddress = z.infer<typeof nestAddressSchema>;

const timeZone = text().max(64).refine(isTimeZone, { message: 'Unknown time zone' });

const nestFields = {
  name: trimmed(NEST_NAME_MAX_LENGTH),
  category: nestCategorySchema,
  description: text().trim().max(NEST_DESCRIPTION_MAX_LENGTH).nullable().optional(),
  address: nestAddressSchema,
  /** IANA zone; the screen sends the browser's. Defines "this month" for revenue. */
  time_zone: timeZone.optional(),
  currency: nestCurrencySchema.optional(),
};

/** Onboarding: creates the merchant's one nest. The logo is uploaded separately (POST /nests/me/logo). */
export const createNestBodySchema = z.object(nestFields).strict().meta({ id: 'CreateNestBody' });
export type CreateNestBody = z.infer<typeof createNestBodySchema>;

/** Any subset of the nest's own fields; unknown fields (owner, slug, payout...) are refused. */
export const updateNestBodySchema = z
  .object({
    name: nestFields.name.optional(),
    category: nestFields.category.optional(),
    description: nestFields.description,
    address: nestFields.address.optional(),
    time_zone: nestFields.time_zone,
    currency: nestFields.currency,
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' })
  .meta({ id: 'UpdateNestBody' });
export type UpdateNestBody = z.infer<typeof updateNestBodySchema>;

export const nestSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    category: nestCategorySchema,
    description: z.string().nullable(),
    address: nestAddressSchema,
    time_zone: z.string(),
    currency: nestCurrencySchema,
    /** Public, cacheable; changes whenever the logo changes. Null without a logo. */
    logo_url: z.string().nullable(),
    payout: payoutAccountSchema,
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Nest' });
export type Nest = z.infer<typeof nestSchema>;

export const nestIdParamsSchema = z.object({ nestId: text().max(64) });

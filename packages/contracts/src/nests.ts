import { z } from 'zod';
import { BRAND_COLOR_PATTERN } from './brand-color.js';
import { isTimeZone } from './merchants.js';
import {
  NEST_DESCRIPTION_MAX_LENGTH,
  NEST_NAME_MAX_LENGTH,
  nestCategories,
  nestCurrencies,
} from './nest-values.js';
import { payoutAccountSchema } from './payouts.js';
import { text } from './text.js';

export const nestCategorySchema = z.enum(nestCategories);
export type NestCategory = z.infer<typeof nestCategorySchema>;

export const nestCurrencySchema = z.enum(nestCurrencies);
export type NestCurrency = z.infer<typeof nestCurrencySchema>;

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

/**
 * VAT rates a French business charges, in basis points (2000 = 20 %): standard, intermediate, reduced,
 * special. A nest without a rate does not charge VAT (franchise en base: its receipts say so).
 */
export const vatRatesBps = [2000, 1000, 550, 210] as const;
export type VatRateBps = (typeof vatRatesBps)[number];
export const vatRateBpsSchema = z.union(vatRatesBps.map((rate) => z.literal(rate)));

/** An EU VAT number: the country's two letters, then 2 to 13 digits or letters (FR40123456789). */
export const VAT_NUMBER_PATTERN = /^[A-Z]{2}[0-9A-Z]{2,13}$/;
export const LEGAL_NAME_MAX_LENGTH = 200;
export const LEGAL_ADDRESS_MAX_LENGTH = 300;

/**
 * The seller printed on the customers' receipts. Name and address fall back to the nest's own when
 * empty. Charging VAT (a rate) needs the VAT number (else 400 vat_number_required).
 */
export const nestLegalBodySchema = z
  .object({
    name: text().trim().max(LEGAL_NAME_MAX_LENGTH).nullable().optional(),
    address: text().trim().max(LEGAL_ADDRESS_MAX_LENGTH).nullable().optional(),
    vat_number: text()
      .trim()
      .max(40)
      .transform((value) => value.replace(/[\s.-]/g, '').toUpperCase())
      .pipe(z.union([z.literal(''), z.string().regex(VAT_NUMBER_PATTERN)]))
      .nullable()
      .optional(),
    vat_rate_bps: vatRateBpsSchema.nullable().optional(),
  })
  .strict()
  .meta({ id: 'NestLegalBody' });
export type NestLegalBody = z.infer<typeof nestLegalBodySchema>;

export const nestLegalSchema = z
  .object({
    name: z.string().nullable(),
    address: z.string().nullable(),
    vat_number: z.string().nullable(),
    /** Null: the nest does not charge VAT ("TVA non applicable, art. 293 B du CGI" on its receipts). */
    vat_rate_bps: vatRateBpsSchema.nullable(),
  })
  .meta({ id: 'NestLegal' });
export type NestLegal = z.infer<typeof nestLegalSchema>;

/**
 * The colour of the nest's cover on its link page, checkout and posters (ADR 197): `#rrggbb`, stored
 * in lower case. Null (or left out at creation) is Nest's own accent.
 */
export const brandColorSchema = z
  .string()
  .trim()
  .regex(BRAND_COLOR_PATTERN, { message: 'A colour as #rrggbb' })
  .transform((value) => value.toLowerCase());

const timeZone = text().max(64).refine(isTimeZone, { message: 'Unknown time zone' });

const nestFields = {
  name: trimmed(NEST_NAME_MAX_LENGTH),
  category: nestCategorySchema,
  description: text().trim().max(NEST_DESCRIPTION_MAX_LENGTH).nullable().optional(),
  brand_color: brandColorSchema.nullable().optional(),
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
    brand_color: nestFields.brand_color,
    address: nestFields.address.optional(),
    time_zone: nestFields.time_zone,
    currency: nestFields.currency,
    /** The legal identity on the customers' receipts; fields left out keep their value. */
    legal: nestLegalBodySchema.optional(),
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
    /** `#rrggbb`, or null for Nest's own accent. */
    brand_color: z.string().nullable(),
    address: nestAddressSchema,
    time_zone: z.string(),
    currency: nestCurrencySchema,
    /** Public, cacheable; changes whenever the logo changes. Null without a logo. */
    logo_url: z.string().nullable(),
    payout: payoutAccountSchema,
    legal: nestLegalSchema,
    created_at: z.iso.datetime({ offset: true }),
    updated_at: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Nest' });
export type Nest = z.infer<typeof nestSchema>;

export const nestIdParamsSchema = z.object({ nestId: text().max(64) });

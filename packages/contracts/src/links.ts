import { z } from 'zod';
import { nestCategorySchema } from './nests.js';
import { offerIntervalSchema, offerStatusSchema, rewardRuleSchema, usageAllowanceSchema } from './offers.js';
import { text } from './text.js';

/** Where a link is used (counter, window, flyer, Instagram…): free text the merchant chooses. */
export const LINK_LABEL_MAX_LENGTH = 60;
/** A nest has at most this many links: far more than places to put them, and the list stays one page. */
export const LINKS_PER_NEST_MAX = 500;
/**
 * A nestLinkId: 12 base64url characters, 72 random bits. Anything else cannot be a link, so the API
 * answers 404 without touching the database.
 */
export const NEST_LINK_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;

export function isNestLinkId(value: string): boolean {
  return NEST_LINK_ID_PATTERN.test(value);
}

/** The public page of a link, under the app's public address (the spec's /links/{nestLinkId}). */
export function linkPath(nestLinkId: string): string {
  return `/links/${nestLinkId}`;
}

const label = text().trim().min(1).max(LINK_LABEL_MAX_LENGTH);
const timestamp = z.iso.datetime({ offset: true });

export const createLinkBodySchema = z
  .object({ offer_id: z.uuid(), label })
  .strict()
  .meta({ id: 'CreateLinkBody' });
export type CreateLinkBody = z.infer<typeof createLinkBodySchema>;

/** Rename a link, or turn it off (its page then answers "not found") and on again. */
export const updateLinkBodySchema = z
  .object({ label: label.optional(), active: z.boolean().optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'Nothing to update' })
  .meta({ id: 'UpdateLinkBody' });
export type UpdateLinkBody = z.infer<typeof updateLinkBodySchema>;

export const linkSchema = z
  .object({
    id: z.uuid(),
    /** The public id in the link's address. */
    nest_link_id: z.string(),
    /** The full address to share (and what the QR code encodes). */
    url: z.url(),
    label: z.string(),
    active: z.boolean(),
    offer: z.object({ id: z.uuid(), name: z.string(), status: offerStatusSchema }),
    /** Times the public page was opened. */
    visits: z.number().int(),
    /** Visitors sent to the payment page. */
    checkouts_started: z.number().int(),
    /** Subscriptions that started (first payment made, or trial begun) through this link. */
    subscriptions_won: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Link' });
export type Link = z.infer<typeof linkSchema>;

/** Every link of the nest, newest first. */
export const linkListSchema = z.object({ items: z.array(linkSchema) }).meta({ id: 'LinkList' });
export type LinkList = z.infer<typeof linkListSchema>;

export const linkIdParamsSchema = z.object({ id: text().max(64) });

/** The PNG QR code's width in pixels: 1024 unless asked, from a phone message (256) to a poster (2048). */
export const linkQrQuerySchema = z.object({
  size: z.coerce.number().int().min(256).max(2048).default(1024),
});
export type LinkQrQuery = z.infer<typeof linkQrQuerySchema>;

/**
 * Whether a visitor can subscribe now, and if not why, so the page can say it politely:
 * payouts_not_enabled (the merchant has not finished their payout account), at_capacity (no place
 * left), revenue_limit_reached (the merchant's plan limit for the month), archived (no longer sold).
 */
export const linkAvailabilities = [
  'open',
  'payouts_not_enabled',
  'at_capacity',
  'revenue_limit_reached',
  'archived',
] as const;
export const linkAvailabilitySchema = z.enum(linkAvailabilities);
export type LinkAvailability = z.infer<typeof linkAvailabilitySchema>;

export const publicLinkParamsSchema = z.object({ nestLinkId: text().max(64) });

/** What anybody with the link sees: the nest, the offer at its current price, and whether it is open. */
export const publicLinkSchema = z
  .object({
    nest_link_id: z.string(),
    nest: z.object({
      name: z.string(),
      /** Same-origin address of the logo, or null. */
      logo_url: z.string().nullable(),
      category: nestCategorySchema,
      /** What the merchant says about the business (nest settings), or null. */
      description: z.string().nullable(),
      /** The cover's colour (`#rrggbb`), or null for Nest's own accent (ADR 197). */
      brand_color: z.string().nullable(),
    }),
    offer: z.object({
      name: z.string(),
      description: z.string().nullable(),
      grants: z.string(),
      amount_cents: z.number().int(),
      currency: z.string(),
      interval: offerIntervalSchema,
      interval_count: z.number().int(),
      trial_days: z.number().int(),
      reward_rule: rewardRuleSchema.nullable(),
      usage_allowance: usageAllowanceSchema.nullable(),
    }),
    /**
     * The price shown, to send back unchanged with the checkout: if the price changed meanwhile, the
     * checkout answers 409 price_changed instead of charging another amount. Opaque.
     */
    price_version_id: z.string(),
    availability: linkAvailabilitySchema,
  })
  .meta({ id: 'PublicLink' });
export type PublicLink = z.infer<typeof publicLinkSchema>;

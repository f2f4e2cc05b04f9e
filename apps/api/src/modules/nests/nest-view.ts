import { type Nest, type PayoutAccount, type VatRateBps, vatRatesBps } from '@nest/contracts';
import type { nests } from '../../db/schema/index.js';

export type NestRow = typeof nests.$inferSelect;

/** The logo's public address; the version changes with the image, so caches never show an old one. */
export function logoUrl(nestId: string, etag: string | null): string | null {
  return etag ? `/api/v1/nests/${nestId}/logo?v=${etag}` : null;
}

/** The API shape of a nest (snake_case, as every API answer). */
export function toNestView(row: NestRow, logoEtag: string | null, payout: PayoutAccount): Nest {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    category: row.category,
    description: row.description,
    brand_color: row.brandColor,
    address: {
      line1: row.addressLine1,
      line2: row.addressLine2,
      postal_code: row.postalCode,
      city: row.city,
      country: row.country,
    },
    time_zone: row.timeZone,
    currency: row.currency,
    logo_url: logoUrl(row.id, logoEtag),
    payout,
    legal: {
      name: row.legalName,
      address: row.legalAddress,
      vat_number: row.vatNumber,
      vat_rate_bps: isVatRate(row.vatRateBps) ? row.vatRateBps : null,
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function isVatRate(value: number | null): value is VatRateBps {
  return vatRatesBps.includes(value as VatRateBps);
}

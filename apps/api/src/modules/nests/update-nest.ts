import type { UpdateNestBody } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { nests } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { NestRow } from './nest-view.js';

/** Updates the nest's own fields. The slug stays: links and printed QR codes must keep working. */
export async function updateNest(db: Db, nest: NestRow, body: UpdateNestBody): Promise<NestRow> {
  const changes: Partial<typeof nests.$inferInsert> = { updatedAt: new Date() };
  if (body.name !== undefined) changes.name = body.name;
  if (body.category !== undefined) changes.category = body.category;
  if (body.description !== undefined) changes.description = body.description || null;
  if (body.brand_color !== undefined) changes.brandColor = body.brand_color;
  if (body.address !== undefined) {
    changes.addressLine1 = body.address.line1;
    changes.addressLine2 = body.address.line2 || null;
    changes.postalCode = body.address.postal_code;
    changes.city = body.address.city;
    changes.country = body.address.country;
  }
  if (body.time_zone !== undefined) changes.timeZone = body.time_zone;
  if (body.currency !== undefined) changes.currency = body.currency;
  if (body.legal) {
    const { legal } = body;
    if (legal.name !== undefined) changes.legalName = legal.name || null;
    if (legal.address !== undefined) changes.legalAddress = legal.address || null;
    if (legal.vat_number !== undefined) changes.vatNumber = legal.vat_number || null;
    if (legal.vat_rate_bps !== undefined) changes.vatRateBps = legal.vat_rate_bps;
    // Charging VAT without a VAT number would print receipts a French business may not issue.
    const vatNumber = changes.vatNumber !== undefined ? changes.vatNumber : nest.vatNumber;
    const vatRate = changes.vatRateBps !== undefined ? changes.vatRateBps : nest.vatRateBps;
    if (vatRate !== null && !vatNumber) {
      throw new AppError('vat_number_required', { status: 400 });
    }
  }
  const [row] = await db.update(nests).set(changes).where(eq(nests.id, nest.id)).returning();
  if (!row) throw notFound();
  return row;
}

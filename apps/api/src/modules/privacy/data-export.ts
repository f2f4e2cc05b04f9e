import { DATA_EXPORT_TTL_DAYS, DATA_EXPORTS_PER_DAY, type DataExportRequested } from '@nest/contracts';
import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { dataExports, nestCustomers, users } from '../../db/schema/index.js';
import { deliverEmail } from '../../emails/send-email.js';
import { AppError, notFound, unauthenticated } from '../../lib/errors.js';
import { enforceRateLimit } from '../../lib/rate-limit.js';
import { generateToken, hashToken } from '../../lib/tokens.js';
import { buildCustomerExport, buildMerchantExport } from './build-export.js';

export const DATA_EXPORT_JOB = 'privacy.data-export';
export const PRUNE_DATA_EXPORTS_JOB = 'privacy.prune-data-exports';
const DAY_MS = 24 * 60 * 60 * 1000;

export type ExportSubject = { kind: 'merchant'; userId: string } | { kind: 'customer'; customerId: string };

/** The one place the download address is written. */
export function dataExportUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/v1/data-exports/${encodeURIComponent(token)}`;
}

async function recipientOf(db: Db, subject: ExportSubject) {
  if (subject.kind === 'merchant') {
    const [user] = await db.select().from(users).where(eq(users.id, subject.userId));
    return user && !user.erasedAt ? { email: user.email, name: user.name, locale: user.locale } : null;
  }
  const [customer] = await db.select().from(nestCustomers).where(eq(nestCustomers.id, subject.customerId));
  return customer && !customer.erasedAt
    ? { email: customer.email, name: customer.name ?? '', locale: customer.locale }
    : null;
}

/**
 * Asks for an export: a row, and the job that prepares it, in one transaction. At most
 * DATA_EXPORTS_PER_DAY a day per account (each reads every table of the account).
 */
export async function requestDataExport(
  app: FastifyInstance,
  subject: ExportSubject,
): Promise<DataExportRequested> {
  const recipient = await recipientOf(app.db, subject);
  if (!recipient) throw unauthenticated();
  const owner = subject.kind === 'merchant' ? `user:${subject.userId}` : `customer:${subject.customerId}`;
  await enforceRateLimit(app.rateLimiter, [
    { key: `data-export:${owner}`, limit: DATA_EXPORTS_PER_DAY, windowMs: DAY_MS },
  ]);
  await app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dataExports)
      .values(subject.kind === 'merchant' ? { userId: subject.userId } : { customerId: subject.customerId })
      .returning({ id: dataExports.id });
    await app.jobs.enqueue(DATA_EXPORT_JOB, { exportId: row!.id }, { tx });
  });
  return { status: 'preparing', email: recipient.email, expires_in_days: DATA_EXPORT_TTL_DAYS };
}

/**
 * Prepares the file and emails its link. The token is minted here and only its hash is stored (never
 * in the job's payload); a retry builds the file again with a new token.
 */
export function registerDataExportJobs(app: FastifyInstance): void {
  app.jobs.register(DATA_EXPORT_JOB, async (payload) => {
    const exportId = (payload as { exportId?: unknown })?.exportId;
    if (typeof exportId !== 'string') throw new Error('Malformed data export job payload');
    const [row] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    if (!row) return; // the account was erased meanwhile
    const subject: ExportSubject = row.userId
      ? { kind: 'merchant', userId: row.userId }
      : { kind: 'customer', customerId: row.customerId! };
    const recipient = await recipientOf(app.db, subject);
    if (!recipient) return;
    const bytes =
      subject.kind === 'merchant'
        ? await buildMerchantExport(app.db, subject.userId)
        : await buildCustomerExport(app.db, subject.customerId);
    const token = generateToken();
    const expiresAt = new Date(Date.now() + DATA_EXPORT_TTL_DAYS * DAY_MS);
    await app.db
      .update(dataExports)
      .set({ status: 'ready', bytes, tokenHash: hashToken(token), expiresAt })
      .where(eq(dataExports.id, exportId));
    await deliverEmail(app, {
      to: recipient.email,
      locale: recipient.locale === 'fr-FR' ? 'fr-FR' : 'en-US',
      template: 'data-export-ready',
      params: {
        name: recipient.name,
        url: dataExportUrl(app.config.publicUrl, token),
        days: DATA_EXPORT_TTL_DAYS,
      },
    });
    app.log.info({ event: 'data_export.emailed', exportId, kind: subject.kind }, 'data export emailed');
  });
  // Expired files are erased once a day (the link no longer works anyway).
  app.jobs.register(PRUNE_DATA_EXPORTS_JOB, async () => {
    await pruneDataExports(app.db);
  });
  app.jobs.every(PRUNE_DATA_EXPORTS_JOB, 6 * 60 * 60 * 1000);
}

export async function pruneDataExports(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(dataExports)
    .where(and(isNotNull(dataExports.expiresAt), lt(dataExports.expiresAt, now)))
    .returning({ id: dataExports.id });
  return gone.length;
}

/** The file behind a download link: 404 for an unknown token, 410 once expired. */
export async function downloadDataExport(db: Db, token: string): Promise<{ bytes: Buffer; createdAt: Date }> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.tokenHash, hashToken(token)));
  if (!row?.bytes || !row.expiresAt) throw notFound();
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('export_expired');
  return { bytes: row.bytes, createdAt: row.createdAt };
}

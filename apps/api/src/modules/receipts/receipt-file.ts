import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { receiptFiles } from '../../db/schema/index.js';
import type { ReceiptRow } from './issue-receipt.js';
import type { ReceiptDocument } from './receipt-document.js';
import { receiptText } from './receipt-text.js';
import { renderReceipt } from './render-receipt.js';

export interface ReceiptFile {
  bytes: Buffer;
  sha256: string;
  filename: string;
}

/**
 * The receipt's PDF: drawn from its frozen document at the first download and stored, then served as
 * stored, so a later version of the PDF library never changes a document already handed out.
 */
export async function receiptFile(db: Db, receipt: ReceiptRow): Promise<ReceiptFile> {
  const document = receipt.document as ReceiptDocument;
  const filename = `${receiptText[document.locale].filename}-${receipt.number}.pdf`;
  const [stored] = await db.select().from(receiptFiles).where(eq(receiptFiles.receiptId, receipt.id));
  if (stored) return { bytes: stored.bytes, sha256: stored.sha256, filename };
  const bytes = await renderReceipt(document);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  // Two first downloads at once both draw it; the first stored wins and both answer it.
  await db.insert(receiptFiles).values({ receiptId: receipt.id, bytes, sha256 }).onConflictDoNothing();
  const [kept] = await db.select().from(receiptFiles).where(eq(receiptFiles.receiptId, receipt.id));
  return { bytes: kept!.bytes, sha256: kept!.sha256, filename };
}

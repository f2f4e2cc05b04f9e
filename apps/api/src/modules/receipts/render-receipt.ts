import { dateTimeFormat, numberFormat } from '@nest/contracts';
import type { ReceiptDocument } from './receipt-document.js';
import { receiptText } from './receipt-text.js';

/**
 * PDF's standard fonts (Helvetica) are written in WinAnsi, which has é, è, à, ç, € and the no-break
 * space, but not the narrow no-break space Intl puts in French amounts ("12,00 €"): it becomes a
 * no-break space. Nothing else outside WinAnsi reaches the document from our own words; a name a
 * merchant typed with such a character shows it as a question mark rather than breaking the file.
 */
function pdfText(value: string): string {
  return value.replace(/[\u202f\u2009]/g, '\u00a0');
}

/** Plan names are brand names, the same in every language. */
function planLabel(plan: string): string {
  return plan.charAt(0).toUpperCase() + plan.slice(1);
}

function money(cents: number, currency: string, locale: string): string {
  return pdfText(numberFormat(locale, { style: 'currency', currency }).format(cents / 100));
}

function date(iso: string, locale: string, timeZone: string): string {
  return pdfText(dateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(new Date(iso)));
}

function percent(bps: number, locale: string): string {
  return pdfText(numberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000));
}

/**
 * Draws a receipt. The output depends only on the document: the PDF's dates are the issue date, so
 * drawing the same document twice gives the same bytes (the stored file is still what is served).
 */
export async function renderReceipt(doc: ReceiptDocument): Promise<Buffer> {
  // Loaded when the first receipt is drawn, not at start (its fonts' data is large; ADR 223).
  const { default: PDFDocument } = await import('pdfkit');
  const t = receiptText[doc.locale];
  const { locale, timeZone, currency } = doc;
  const issued = new Date(doc.issuedAt);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: locale,
    info: {
      Title: `${t.title} ${doc.number}`,
      Author: doc.seller.name,
      Creator: 'Nest',
      Producer: 'Nest',
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const left = 56;
  const width = pdf.page.width - 2 * left;
  const muted = '#475569';

  pdf.font('Helvetica-Bold').fontSize(22).fillColor('#0f172a').text(pdfText(t.title), left, 56);
  pdf.font('Helvetica').fontSize(10).fillColor(muted).text(pdfText(t.subtitle));
  pdf.moveDown(1);
  const facts: [string, string][] = [
    [t.number, doc.number],
    [t.issued, date(doc.issuedAt, locale, timeZone)],
    [t.paid, date(doc.issuedAt, locale, timeZone)],
  ];
  for (const [label, value] of facts) {
    pdf
      .font('Helvetica')
      .fontSize(10)
      .fillColor(muted)
      .text(`${pdfText(label)}${t.sep}`, { continued: true });
    pdf.font('Helvetica-Bold').fillColor('#0f172a').text(pdfText(value));
  }

  // Seller and buyer side by side.
  const partiesTop = pdf.y + 24;
  const column = width / 2 - 12;
  const party = (title: string, p: ReceiptDocument['seller'], x: number) => {
    pdf
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(muted)
      .text(pdfText(title.toUpperCase()), x, partiesTop, {
        width: column,
      });
    pdf.font('Helvetica-Bold').fontSize(11).fillColor('#0f172a').text(pdfText(p.name), { width: column });
    pdf.font('Helvetica').fontSize(10);
    for (const line of p.lines) pdf.text(pdfText(line), { width: column });
    if (p.email) pdf.text(pdfText(p.email), { width: column });
    if (p.companyId) pdf.text(pdfText(`${t.companyId}${t.sep}${p.companyId}`), { width: column });
    if (p.vatNumber) pdf.text(pdfText(`${t.vatNumber}${t.sep}${p.vatNumber}`), { width: column });
    return pdf.y;
  };
  const sellerBottom = party(t.seller, doc.seller, left);
  const buyerBottom = party(t.buyer, doc.buyer, left + width / 2 + 12);

  // The line sold.
  let y = Math.max(sellerBottom, buyerBottom) + 32;
  const amountX = left + width - 120;
  pdf.rect(left, y, width, 22).fill('#f1f5f9');
  pdf.font('Helvetica-Bold').fontSize(9).fillColor(muted);
  pdf.text(pdfText(t.description), left + 8, y + 7, { width: amountX - left - 16 });
  pdf.text(pdfText(t.amount), amountX, y + 7, { width: 112, align: 'right' });
  y += 30;
  const item = doc.item.type === 'plan' ? t.planItem(planLabel(doc.item.plan)) : t.offerItem(doc.item.name);
  pdf.font('Helvetica').fontSize(10).fillColor('#0f172a');
  pdf.text(pdfText(item), left + 8, y, { width: amountX - left - 16 });
  if (doc.periodStart && doc.periodEnd) {
    pdf
      .fontSize(9)
      .fillColor(muted)
      .text(
        pdfText(
          `${t.period}${t.sep}${t.periodRange(date(doc.periodStart, locale, timeZone), date(doc.periodEnd, locale, timeZone))}`,
        ),
        { width: amountX - left - 16 },
      );
  }
  const itemBottom = pdf.y;
  pdf
    .fontSize(10)
    .fillColor('#0f172a')
    .text(money(doc.netCents, currency, locale), amountX, y, {
      width: 112,
      align: 'right',
    });
  y = Math.max(itemBottom, pdf.y) + 16;
  pdf
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#cbd5e1')
    .stroke();
  y += 12;

  // Totals.
  const totals: [string, string, boolean][] =
    doc.vatRateBps === null
      ? [
          [t.net, money(doc.netCents, currency, locale), false],
          [t.totalNoVat, money(doc.totalCents, currency, locale), true],
        ]
      : [
          [t.net, money(doc.netCents, currency, locale), false],
          [t.vat(percent(doc.vatRateBps, locale)), money(doc.vatCents, currency, locale), false],
          [t.total, money(doc.totalCents, currency, locale), true],
        ];
  totals.push([t.amountPaid, money(doc.totalCents, currency, locale), false]);
  const labelX = left + width - 300;
  for (const [label, value, strong] of totals) {
    pdf
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(strong ? 12 : 10)
      .fillColor('#0f172a');
    pdf.text(pdfText(label), labelX, y, { width: 180 });
    pdf.text(value, labelX + 180, y, { width: 120, align: 'right' });
    y += strong ? 20 : 16;
  }

  // Mentions.
  y += 20;
  pdf.font('Helvetica').fontSize(9).fillColor(muted);
  if (doc.vatRateBps === null) {
    pdf.font('Helvetica-Bold').fillColor('#0f172a').text(pdfText(t.vatExempt), left, y, { width });
    pdf.font('Helvetica').fillColor(muted);
    y = pdf.y + 6;
  }
  pdf.text(pdfText(`${t.paymentReference}${t.sep}${doc.paymentReference}`), left, y, { width });
  if (doc.kind === 'plan') pdf.moveDown(0.5).text(pdfText(t.lateFees), { width });

  pdf.end();
  return done;
}

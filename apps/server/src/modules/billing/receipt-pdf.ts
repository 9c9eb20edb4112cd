import { GST_STATES, isGstStateCode } from '@studio/contract';
import PDFDocument from 'pdfkit';
import type { ReceiptRow as Receipt } from './receipts.service';

const MARGIN = 56;
const PAGE_WIDTH = 595.28; // A4
const RIGHT = PAGE_WIDTH - MARGIN;
const AMOUNT_WIDTH = 140;

/** `INR 800.00`: the code, not a symbol (₹ is not in the PDF standard fonts). */
const money = (minor: number, currency: string) =>
  `${currency} ${(minor / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const day = (date: Date) =>
  date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

const stateName = (code: string | null) =>
  code ? `${isGstStateCode(code) ? GST_STATES[code] : 'Unknown'} (${code})` : null;

/**
 * The receipt as a one-page A4 PDF (pdfkit, standard Helvetica). A tax invoice's particulars
 * under CGST Rules rule 46 when the seller has a GSTIN and the order is in INR; a receipt
 * otherwise; a test receipt for the sandbox. Every value comes from the receipt row as issued.
 */
export function renderReceiptPdf(receipt: Receipt): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Receipt ${receipt.number}`,
      Author: receipt.seller.legalName,
      CreationDate: receipt.issuedAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    doc.on('error', reject);
  });

  const gstInvoice = receipt.seller.gstin !== null && receipt.currency === 'INR';
  const title = receipt.test ? 'TEST RECEIPT' : gstInvoice ? 'TAX INVOICE' : 'RECEIPT';
  doc.font('Helvetica-Bold').fontSize(20).text(title);
  if (receipt.test) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#b45309')
      .text('Sandbox payment: no money was taken. Not a tax document.')
      .fillColor('black');
  }
  doc.moveDown(0.5).font('Helvetica').fontSize(10);
  const fact = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true });
    doc.font('Helvetica').text(value);
  };
  fact(gstInvoice ? 'Invoice number' : 'Receipt number', receipt.number);
  fact('Date of issue', day(receipt.issuedAt));
  fact('Order', receipt.orderId);
  fact('Paid on', day(receipt.paidAt));

  const block = (heading: string, lines: (string | null)[]) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text(heading);
    doc.font('Helvetica').fontSize(10);
    for (const line of lines) if (line) doc.text(line);
  };
  const { seller, buyer } = receipt;
  block('Seller', [
    seller.legalName,
    seller.address || null,
    seller.gstin ? `GSTIN: ${seller.gstin}` : null,
    seller.stateCode ? `State: ${stateName(seller.stateCode) ?? ''}` : null,
  ]);
  const company = buyer.companyName.trim();
  block('Billed to', [
    company || buyer.name || null,
    company && buyer.name ? `Attn: ${buyer.name}` : null,
    buyer.gstin ? `GSTIN: ${buyer.gstin}` : gstInvoice ? 'GSTIN: unregistered' : null,
    buyer.stateCode ? `State: ${stateName(buyer.stateCode) ?? ''}` : null,
  ]);
  if (receipt.placeOfSupply) fact('Place of supply', stateName(receipt.placeOfSupply) ?? '');

  // Lines: a label on the left and its amount right-aligned on the same baseline.
  doc.moveDown(1.2);
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, MARGIN, y, { width: RIGHT - MARGIN - AMOUNT_WIDTH - 10 });
    const after = doc.y;
    doc.text(amount, RIGHT - AMOUNT_WIDTH, y, { width: AMOUNT_WIDTH, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
    doc.x = MARGIN;
  };
  const rule = () => {
    doc.moveTo(MARGIN, doc.y).lineTo(RIGHT, doc.y).lineWidth(0.5).stroke();
    doc.y += 6;
  };
  row('Description', 'Amount', true);
  rule();
  row(receipt.description, money(receipt.taxableMinor, receipt.currency));
  rule();
  row('Taxable value', money(receipt.taxableMinor, receipt.currency));
  for (const line of receipt.taxLines) {
    row(`${line.label} @ ${String(line.ratePercent)}%`, money(line.amountMinor, receipt.currency));
  }
  rule();
  row('Total paid', money(receipt.totalMinor, receipt.currency), true);

  doc.moveDown(1.5).font('Helvetica').fontSize(9).fillColor('#555555');
  if (gstInvoice) doc.text('Tax payable on reverse charge: No');
  if (receipt.taxLines.length > 0) doc.text('Prices include the tax shown.');
  doc.text(`Issued electronically by ${seller.legalName}.`);
  doc.end();
  return done;
}

import {
  financialYearOf,
  findProduct,
  gstinState,
  isGstStateCode,
  isValidGstin,
  placeOfSupply,
  productDisplayName,
  splitTax,
} from '@studio/contract';
import { eq, sql } from 'drizzle-orm';
import type { ReceiptsConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { profiles, receipts, users, type ReceiptBuyer, type ReceiptSeller } from '../../db/schema';
import type { Mailer } from '../../platform/email/mailer';
import type { DbOrTx, Tx } from '../../db/db-or-tx';
import type { OrderRow } from './billing.repository';
import { renderReceiptPdf } from './receipt-pdf';

export type ReceiptRow = typeof receipts.$inferSelect;

/** What issuing and sending receipts needs; without it, receipts carry no tax and are not mailed. */
export interface ReceiptDeps {
  settings: ReceiptsConfig;
  mailer?: Mailer | undefined;
}

/** A seller who configured nothing: the configuration's own defaults. */
export { UNCONFIGURED_RECEIPTS } from '../../config/env';

/** Receipts of sandbox orders (no money moved) are numbered apart from the real ones. */
const TEST_SERIES_PREFIX = 'TEST-';

export async function findReceiptByOrder(
  db: DbOrTx,
  orderId: string,
): Promise<ReceiptRow | undefined> {
  const [row] = await db.select().from(receipts).where(eq(receipts.orderId, orderId));
  return row;
}

/**
 * The next number of a series, gap-free: the counter row is created or incremented in one
 * statement, which locks it until the caller's transaction ends (concurrent payments wait here, in
 * order), and a rollback gives the number back. A sequence would not: its values are never
 * returned, so a failed fulfilment would leave a hole. Taken as the transaction's last lock, after
 * the user's billing, order and credit locks, so it joins no cycle.
 */
async function nextNumber(tx: Tx, series: string): Promise<number> {
  const result = await tx.execute<{ last_number: number }>(sql`
    insert into receipt_counters (series, last_number) values (${series}, 1)
    on conflict (series) do update set last_number = receipt_counters.last_number + 1
    returning last_number`);
  const value = result.rows[0]?.last_number;
  if (value === undefined) throw new Error(`no receipt number for ${series}`);
  return value;
}

function describe(order: OrderRow): string {
  const product = findProduct(order.serviceType);
  const name = productDisplayName(order.serviceType);
  const credits = `${String(order.credits)} credits`;
  if (product?.family === 'topup') return `AI image credits: ${name} (${credits})`;
  return `AI Product Studio ${name} plan (${credits} per 30 days)`;
}

/**
 * Issues the order's receipt, once: in the transaction that marks the order paid (its row is
 * locked, so a replayed event or a racing download cannot issue a second), or later for an order
 * paid before receipts existed. The seller, buyer and tax are fixed here as issued. Undefined when
 * the order already has one.
 */
export async function issueReceipt(
  tx: Tx,
  order: OrderRow,
  at: Date,
  settings: ReceiptsConfig,
): Promise<ReceiptRow | undefined> {
  if (await findReceiptByOrder(tx, order.id)) return undefined;
  const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, order.userId));
  const buyerGstin = profile?.gstin && isValidGstin(profile.gstin) ? profile.gstin : null;
  const buyerState = buyerGstin
    ? gstinState(buyerGstin)
    : profile?.gstState && isGstStateCode(profile.gstState)
      ? profile.gstState
      : null;
  const buyer: ReceiptBuyer = {
    name: profile?.name ?? '',
    companyName: profile?.companyName ?? '',
    gstin: buyerGstin,
    stateCode: buyerState,
  };
  const { seller: config } = settings;
  const seller: ReceiptSeller = {
    legalName: config.legalName,
    address: config.address,
    gstin: config.gstin ?? null,
    stateCode: config.stateCode ?? null,
  };
  // GST only for INR and only from a registered seller; other currencies carry their own rate.
  const gst =
    order.currency === 'INR' && config.gstin && config.stateCode
      ? {
          sellerState: config.stateCode,
          placeOfSupply: placeOfSupply(config.stateCode, { stateCode: buyerState }),
        }
      : undefined;
  const ratePercent =
    order.currency === 'INR' ? (gst ? settings.gstRatePercent : 0) : settings.usdTaxRatePercent;
  const tax = splitTax({ totalMinor: order.amountMinor, ratePercent, gst });
  const test = order.provider === 'sandbox';
  const year = financialYearOf(at);
  const series = `${test ? TEST_SERIES_PREFIX : ''}${year}`;
  const sequence = await nextNumber(tx, series);
  const [row] = await tx
    .insert(receipts)
    .values({
      orderId: order.id,
      userId: order.userId,
      series,
      sequence,
      number: `${series}/${String(sequence).padStart(6, '0')}`,
      issuedAt: at,
      paidAt: order.completedAt ?? at,
      description: describe(order),
      currency: order.currency,
      totalMinor: tax.totalMinor,
      taxableMinor: tax.taxableMinor,
      taxLines: tax.lines,
      placeOfSupply: gst?.placeOfSupply ?? null,
      seller,
      buyer,
      test,
    })
    .returning();
  if (!row) throw new Error(`receipt for order ${order.id} not inserted`);
  return row;
}

/**
 * The receipt of a paid order, issuing it now for an order paid before receipts existed (under
 * the order's row lock, so two downloads issue one). Undefined when the order was never paid.
 */
export async function receiptForOrder(
  db: Db,
  order: OrderRow,
  settings: ReceiptsConfig,
  now = new Date(),
): Promise<ReceiptRow | undefined> {
  const found = await findReceiptByOrder(db, order.id);
  if (found) return found;
  if (order.status !== 'completed' && order.status !== 'refunded') return undefined;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id = ${order.id} for update`);
    return (
      (await issueReceipt(tx, order, now, settings)) ?? (await findReceiptByOrder(tx, order.id))
    );
  });
}

export function receiptPdf(receipt: ReceiptRow): Promise<Buffer> {
  return renderReceiptPdf(receipt);
}

export const receiptFileName = (receipt: ReceiptRow) =>
  `receipt-${receipt.number.replaceAll('/', '-')}.pdf`;

/**
 * Emails the receipt to the account's address with its PDF, and records when. Best effort: the
 * payment is already recorded, and the receipt stays downloadable from Credit History.
 */
export async function mailReceipt(
  db: Db,
  mailer: Mailer,
  receipt: ReceiptRow,
  publicUrl: string,
): Promise<boolean> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, receipt.userId));
  if (!user) return false;
  const pdf = await renderReceiptPdf(receipt);
  await mailer.send({
    to: user.email,
    subject: `Your receipt ${receipt.number} from ${receipt.seller.legalName}`,
    text: [
      `Thank you for your payment. Your receipt ${receipt.number} for order ${receipt.orderId} is attached.`,
      '',
      `You can download it again any time from Credit History: ${publicUrl}/credit-history`,
    ].join('\n'),
    attachments: [
      { filename: receiptFileName(receipt), content: pdf, contentType: 'application/pdf' },
    ],
  });
  await db.update(receipts).set({ emailedAt: new Date() }).where(eq(receipts.id, receipt.id));
  return true;
}

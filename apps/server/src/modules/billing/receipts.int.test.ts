import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { financialYearOf } from '@studio/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../../test/harness';
import { startFakePaymentApis, type FakePaymentApis } from '../../../test/fake-payment-apis';
import { findOrder } from './billing.repository';
import { issueReceipt, UNCONFIGURED_RECEIPTS } from './receipts.service';

const run = promisify(execFile);
const RAZORPAY_WEBHOOK_SECRET = 'rzp_webhook_secret_for_receipts';
const SELLER_GSTIN = '27AAPFU0939F1ZV'; // Maharashtra
const BUYER_GSTIN = '29AAGCB7383J1Z4'; // Karnataka

let fake: FakePaymentApis;
let t: TestApp;
let tmp: string;

beforeAll(async () => {
  fake = await startFakePaymentApis();
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'receipts-'));
  t = await createTestApp({
    env: {
      RAZORPAY_KEY_ID: 'rzp_test_fake',
      RAZORPAY_KEY_SECRET: 'rzp_secret_fake',
      RAZORPAY_WEBHOOK_SECRET,
      RAZORPAY_API_URL: fake.url,
      RATE_LIMIT_MULTIPLIER: '100',
      SELLER_LEGAL_NAME: 'Studio Imaging Private Limited',
      SELLER_ADDRESS: '4th Floor, 12 Linking Road, Bandra West, Mumbai 400050',
      SELLER_TAX_ID: SELLER_GSTIN,
    },
  });
});
afterAll(async () => {
  await fake.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

interface Customer {
  cookie: string;
  id: string;
  email: string;
}

async function customer(app = t): Promise<Customer> {
  const { cookie, email } = await signUp(app.app);
  const res = await app.app.inject({ method: 'GET', url: '/api/v1/session', headers: { cookie } });
  return { cookie, email, id: res.json<{ user: { id: string } }>().user.id };
}

function post(who: Customer, url: string, payload: object, app = t) {
  return app.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: { userId: who.id, ...payload },
  });
}

async function setProfile(who: Customer, fields: object) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/user/profile',
    headers: { cookie: who.cookie, origin: TEST_ORIGIN },
    payload: { userId: who.id, ...fields },
  });
}

async function buyProInr(who: Customer): Promise<string> {
  const res = await post(who, '/generate-payment-link-inr', {
    service_type: 'Pro_Monthly',
    amount: 0,
    quantity: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ orderId: string }>().orderId;
}

/** Razorpay's `payment_link.paid` for the order, signed as Razorpay signs it. */
function paid(orderId: string, amount = 80_000) {
  const link = {
    id: `plink_${orderId.slice(0, 8)}`,
    reference_id: orderId,
    amount,
    currency: 'INR',
  };
  const payment = { id: `pay_${randomBytes(6).toString('hex')}`, amount, currency: 'INR' };
  return {
    id: `evt_${randomBytes(8).toString('hex')}`,
    body: JSON.stringify({
      entity: 'event',
      event: 'payment_link.paid',
      payload: { payment_link: { entity: link }, payment: { entity: payment } },
      created_at: Date.now() / 1000,
    }),
  };
}

function deliver(event: { id: string; body: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/razorpay/webhook',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', RAZORPAY_WEBHOOK_SECRET)
        .update(event.body)
        .digest('hex'),
      'x-razorpay-event-id': event.id,
    },
    payload: event.body,
  });
}

function download(who: Customer, orderId: string, app = t) {
  return app.app.inject({
    method: 'GET',
    url: `/api/v1/orders/${orderId}/receipt.pdf`,
    headers: { cookie: who.cookie },
  });
}

/** The PDF's text as Debian's poppler `pdftotext` reads it: a reader independent of ours. */
async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(tmp, `${randomBytes(6).toString('hex')}.pdf`);
  await fs.writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-layout', file, '-']);
  return stdout;
}

async function receiptRows(): Promise<{ order_id: string; series: string; sequence: number }[]> {
  const { rows } = await t.database.pool.query<{
    order_id: string;
    series: string;
    sequence: number;
  }>('select order_id, series, sequence from receipts order by series, sequence');
  return rows;
}

const year = financialYearOf(new Date());

describe('receipts', () => {
  it('numbers 20 concurrent paid orders 1..20 in the financial year, once each', async () => {
    const customers = await Promise.all(Array.from({ length: 20 }, () => customer()));
    const orders = await Promise.all(customers.map(buyProInr));
    const events = orders.map((orderId) => paid(orderId));
    const answers = await Promise.all(events.map(deliver));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    // Replays, also at once, issue nothing more.
    await Promise.all(events.slice(0, 5).map(deliver));
    await Promise.all(orders.slice(0, 5).map((orderId) => deliver(paid(orderId))));

    const rows = (await receiptRows()).filter((r) => r.series === year);
    expect(rows.map((r) => r.sequence)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.order_id))).toEqual(new Set(orders));
    // Each buyer was sent their receipt, with the PDF attached.
    for (const who of customers) {
      const sent = t.mail.filter((m) => m.to === who.email && m.subject.includes('receipt'));
      expect(sent).toHaveLength(1);
      expect(sent[0]?.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });
    }
  }, 180_000); // twenty sign-ups hash twenty passwords

  it('gives a number back when the transaction that took it rolls back', async () => {
    const who = await customer();
    const orderId = await buyProInr(who);
    const order = await findOrder(t.database.db, orderId);
    if (!order) throw new Error('order missing');
    const before = (await receiptRows()).filter((r) => r.series === year).length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await issueReceipt(tx, order, new Date(), UNCONFIGURED_RECEIPTS);
        throw new Error('fulfilment failed after the number was taken');
      }),
    ).rejects.toThrow('fulfilment failed');
    await deliver(paid(orderId));
    const rows = (await receiptRows()).filter((r) => r.series === year);
    expect(rows.at(-1)).toEqual({ order_id: orderId, series: year, sequence: before + 1 });
  });

  it('prints an inter-state GST invoice with IGST and both GSTINs', async () => {
    const who = await customer();
    const updated = await setProfile(who, {
      companyName: 'Bengaluru Threads LLP',
      gstin: BUYER_GSTIN.toLowerCase(),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ data: { gstin: BUYER_GSTIN, gstState: '29' } });
    const orderId = await buyProInr(who);
    expect((await deliver(paid(orderId))).statusCode).toBe(200);

    const res = await download(who, orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="receipt-${year}-\\d{6}\\.pdf"`),
    );
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('TAX INVOICE');
    expect(text).toMatch(new RegExp(`Invoice number: ${year}/\\d{6}`));
    expect(text).toContain(`Order: ${orderId}`);
    expect(text).toContain('Studio Imaging Private Limited');
    expect(text).toContain(`GSTIN: ${SELLER_GSTIN}`);
    expect(text).toContain('Bengaluru Threads LLP');
    expect(text).toContain(`GSTIN: ${BUYER_GSTIN}`);
    expect(text).toContain('Place of supply: Karnataka (29)');
    // 800.00 including 18 % IGST: 677.97 + 122.03.
    expect(text).toMatch(/Taxable value\s+INR 677\.97/);
    expect(text).toMatch(/IGST @ 18%\s+INR 122\.03/);
    expect(text).toMatch(/Total paid\s+INR 800\.00/);
    expect(text).not.toContain('CGST');
  });

  it('splits GST into CGST and SGST within the seller’s state, and mails the same PDF', async () => {
    const who = await customer();
    expect((await setProfile(who, { gstState: '27' })).statusCode).toBe(200);
    const orderId = await buyProInr(who);
    await deliver(paid(orderId));
    const text = await pdfText((await download(who, orderId)).rawPayload);
    expect(text).toContain(`Order: ${orderId}`);
    expect(text).toContain('Place of supply: Maharashtra (27)');
    expect(text).toContain('GSTIN: unregistered');
    expect(text).toMatch(/CGST @ 9%\s+INR 61\.02/);
    expect(text).toMatch(/SGST @ 9%\s+INR 61\.02/);
    expect(text).toMatch(/Taxable value\s+INR 677\.96/);
    expect(text).not.toContain('IGST');

    const mail = t.mail.find((m) => m.to === who.email && m.attachments);
    const attachment = mail?.attachments?.[0];
    if (!attachment) throw new Error('no receipt mail');
    expect(mail.text).toContain(orderId);
    expect(await pdfText(attachment.content)).toBe(text);
  });

  it('refuses an invalid GSTIN on the profile', async () => {
    const who = await customer();
    const res = await setProfile(who, { gstin: '29AAGCB7383J1Z5' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('check character');
    expect((await setProfile(who, { gstState: '28' })).statusCode).toBe(400);
  });

  it('is the owner’s only: another user’s, an unpaid or an unknown order is a 404', async () => {
    const owner = await customer();
    const other = await customer();
    const orderId = await buyProInr(owner);
    expect((await download(owner, orderId)).statusCode).toBe(404); // not paid yet
    await deliver(paid(orderId));
    expect((await download(owner, orderId)).statusCode).toBe(200);
    expect((await download(other, orderId)).statusCode).toBe(404);
    expect((await download(other, 'not-an-order')).statusCode).toBe(404);
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${orderId}/receipt.pdf`,
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('numbers sandbox receipts apart, marked as tests', async () => {
    const sandbox = await createTestApp({ env: { RATE_LIMIT_MULTIPLIER: '100' } });
    const who = await customer(sandbox);
    const link = await post(
      who,
      '/generate-payment-link',
      { service_type: 'Plus_Monthly', amount: 0, quantity: 1 },
      sandbox,
    );
    const { orderId } = link.json<{ orderId: string }>();
    const done = await post(
      who,
      '/payments/sandbox/complete',
      { orderId, outcome: 'paid' },
      sandbox,
    );
    expect(done.statusCode, done.body).toBe(200);
    const res = await download(who, orderId, sandbox);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('TEST RECEIPT');
    expect(text).toContain(`Receipt number: TEST-${year}/000001`);
    expect(text).toMatch(/Total paid\s+USD 5\.00/);
    expect(text).not.toContain('GST');
    const real = (await receiptRows()).filter((r) => r.series === year);
    expect(real.map((r) => r.sequence)).toEqual(real.map((_, i) => i + 1));
  });
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  childProcessEnv,
  createTestApp,
  signUp,
  testDatabaseUrl,
  type TestApp,
} from '../../test/harness';
import * as billing from '../modules/billing/billing.service';
import * as credits from '../modules/credits/credits.service';
import { createSandboxProvider } from '../platform/payments/sandbox';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

// The real command, as an operator runs it, against this file's database.
async function admin(...args: string[]) {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/cli/admin.ts', ...args],
      {
        cwd: serverDir,
        env: childProcessEnv({ DATABASE_URL: await testDatabaseUrl(), LOG_LEVEL: 'silent' }),
      },
    );
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

let t: TestApp;
let email: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const account = await signUp(t.app);
  email = account.email;
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/session',
    headers: { cookie: account.cookie },
  });
  userId = res.json<{ user: { id: string } }>().user.id;
});

describe('admin command', () => {
  it('grants and adjusts credits with a reason, and refuses without one', async () => {
    expect((await admin('grant', email, '10', '--reason', 'Support ticket 42')).stdout).toContain(
      'balance 15',
    );
    expect((await admin('adjust', email, '-3', '--reason', 'Duplicate grant')).stdout).toContain(
      'balance 12',
    );
    const noReason = await admin('grant', email, '10');
    expect(noReason.code).toBe(1);
    expect(noReason.stderr).toContain('Give a --reason');
    expect((await admin('adjust', email, '-100', '--reason', 'too much')).code).toBe(1);
    expect(await credits.balanceOf(t.database.db, userId)).toBe(12);
  }, 60_000);

  it('lists orders and the ledger, and cancels a plan with a refund', async () => {
    const order = await billing.createPaymentLink(
      {
        db: t.database.db,
        publicUrl: 'http://localhost:3000',
        providers: { INR: createSandboxProvider() },
      },
      { id: userId, email },
      { serviceType: 'pro_monthly', currency: 'INR' },
    );
    await billing.completeSandboxPayment({ db: t.database.db }, userId, order.orderId, 'paid');
    expect((await admin('orders', email)).stdout).toMatch(
      /Pro Monthly\s+800\.00 INR\s+sandbox\s+completed/,
    );
    const ledger = (await admin('ledger', email)).stdout;
    expect(ledger).toContain('"Support ticket 42"');
    expect(ledger).toContain('Balance: 52');
    const cancelled = await admin(
      'cancel-subscription',
      email,
      '--refund',
      '--reason',
      'Asked by email',
    );
    expect(cancelled.stdout).toContain('pro_monthly refunded; balance 12');
  }, 60_000);

  it('checks every balance against its entries and reports a difference', async () => {
    const healthy = await admin('check-balances');
    expect(healthy.code).toBe(0);
    expect(healthy.stdout).toContain('OK: every balance equals the sum of its entries.');
    await t.database.pool.query(
      'update credit_accounts set balance = balance + 1 where user_id = $1',
      [userId],
    );
    const broken = await admin('check-balances');
    expect(broken.code).toBe(2);
    expect(broken.stdout).toContain(`MISMATCH ${userId}: balance 13, entries 12, lots 12`);
    await t.database.pool.query(
      'update credit_accounts set balance = balance - 1 where user_id = $1',
      [userId],
    );
  }, 60_000);

  it('says which account it could not find', async () => {
    const missing = await admin('orders', 'nobody@example.com');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No account with the email nobody@example.com');
  }, 60_000);
});

describe('admin promo commands', () => {
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const live = () => t.app.inject({ method: 'GET', url: '/api/v1/promo-banner' });

  it('creates a banner the dashboard then serves, lists it, and ends it', async () => {
    expect((await live()).statusCode).toBe(204);
    const created = await admin(
      'promo-create',
      '--title',
      'Festive sale',
      '--discount',
      '50% OFF',
      '--sub-message',
      'On every Pro plan',
      '--cta-text',
      'Upgrade now',
      '--cta-link',
      '/subscription',
      '--variant',
      'urgent',
      '--ends',
      inHours(48),
      '--timer-minutes',
      '120',
    );
    expect(created.code, created.stderr).toBe(0);
    const id = /Created ([0-9a-f-]{36})\s+\[urgent\] "Festive sale"/.exec(created.stdout)?.[1];
    expect(id).toBeDefined();
    expect((await live()).json()).toMatchObject({
      title: 'Festive sale',
      discount: '50% OFF',
      sub_message: 'On every Pro plan',
      cta_text: 'Upgrade now',
      cta_link: '/subscription',
      variant: 'urgent',
      timer_duration: 120,
    });

    const scheduled = await admin(
      'promo-create',
      '--title=Next week',
      '--cta-text=See plans',
      '--cta-link=/subscription',
      `--starts=${inHours(24 * 7)}`,
      `--ends=${inHours(24 * 8)}`,
    );
    expect(scheduled.code, scheduled.stderr).toBe(0);
    const listed = (await admin('promo-list')).stdout.split('\n');
    expect(listed[0]).toMatch(/^scheduled .* \[default\] "Next week" → \/subscription$/);
    expect(listed[1]).toMatch(new RegExp(`^shown .* ${id ?? ''}  \\[urgent\\] "Festive sale"`));

    const ended = await admin('promo-end', id ?? '');
    expect(ended.stdout).toContain(`Stopped ${id ?? ''}  [urgent] "Festive sale"`);
    expect((await live()).statusCode).toBe(204);
    expect((await admin('promo-list')).stdout).toMatch(/^stopped .*"Festive sale"/m);
  }, 60_000);

  it('refuses an unsafe link, a missing end and an unknown id, saying why', async () => {
    const unsafe = await admin(
      'promo-create',
      '--title=Sale',
      '--cta-text=Go',
      '--cta-link=javascript:alert(1)',
      `--ends=${inHours(1)}`,
    );
    expect(unsafe.code).toBe(1);
    expect(unsafe.stderr).toContain('ctaLink');
    expect(unsafe.stderr).toContain('must be a same-site path such as /subscription');
    const noEnd = await admin('promo-create', '--title=Sale', '--cta-text=Go', '--cta-link=/');
    expect(noEnd.code).toBe(1);
    expect(noEnd.stderr).toContain('endDate');
    const unknown = await admin('promo-end', 'not-an-id');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No promo banner with the id not-an-id');
  }, 60_000);
});

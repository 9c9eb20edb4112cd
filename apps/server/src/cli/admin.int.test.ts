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

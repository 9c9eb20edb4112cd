import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/harness';

/*
 * Every per-address limit keys on request.ip. Trusting every proxy (as production did) made it
 * the left-most X-Forwarded-For, which the client writes: a new forged address per request and
 * no per-address limit held. Only the hops named in TRUST_PROXY are believed now.
 */

const LOAD_BALANCER = '10.20.0.1';

/** The address a failed sign-in from behind the load balancer was counted under. */
async function countedAddress(t: TestApp, forwardedFor: string): Promise<string> {
  // Apps of one file share the counters: start from none, so the one left is this request's.
  await t.database.db.execute(
    sql`DELETE FROM rate_limit_counters WHERE key LIKE 'sign-in-address:%'`,
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': forwardedFor },
    remoteAddress: LOAD_BALANCER,
    payload: { email: 'nobody@example.com', password: 'wrong password' },
  });
  expect(res.statusCode).toBe(401);
  const rows = await t.database.db.execute<{ key: string }>(
    sql`SELECT key FROM rate_limit_counters WHERE key LIKE 'sign-in-address:%'`,
  );
  expect(rows.rows).toHaveLength(1);
  return (rows.rows[0]?.key ?? '').replace('sign-in-address:ip:', '');
}

describe('which address a request comes from', () => {
  it('ignores X-Forwarded-For by default, in production too', async () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(32) };
    for (const env of [{}, production] satisfies Record<string, string>[]) {
      const t = await createTestApp({ env });
      expect(await countedAddress(t, '203.0.113.9')).toBe(LOAD_BALANCER);
    }
  });

  it('with TRUST_PROXY=1 takes the hop our load balancer appended, not what the client wrote', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    expect(await countedAddress(t, '6.6.6.6, 198.51.100.7')).toBe('198.51.100.7');
  });

  it("with the load balancer's address takes the hop in front of it", async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: LOAD_BALANCER } });
    expect(await countedAddress(t, '6.6.6.6, 198.51.100.8')).toBe('198.51.100.8');
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

/* fal's webhooks in the configuration (ADR 035): on by default only for a public https origin. */

const fal = (env: Record<string, string>) =>
  loadConfig({ GENERATION_PROVIDER: 'fal', FAL_KEY: 'key', ...env }).generation.fal;

describe('FAL_WEBHOOKS', () => {
  it('is on for a public PUBLIC_URL: our route as the webhook, polling slowed to the fallback', () => {
    expect(fal({ PUBLIC_URL: 'https://studio.example.com/' })).toMatchObject({
      pollIntervalMs: 30_000,
      webhook: {
        url: 'https://studio.example.com/api/v1/webhooks/fal',
        jwksUrl: undefined,
        userId: undefined,
      },
    });
  });

  it('is off for a local or private PUBLIC_URL, which fal cannot reach, and polls as before', () => {
    for (const url of ['http://localhost:3000', 'https://10.1.2.3', 'http://studio.example.com']) {
      expect(fal({ PUBLIC_URL: url }), url).toMatchObject({
        pollIntervalMs: 1000,
        webhook: undefined,
      });
    }
    expect(fal({})?.webhook).toBeUndefined();
  });

  it('can be forced on or off, with its own fallback interval and key set URL', () => {
    expect(
      fal({
        FAL_WEBHOOKS: 'on',
        FAL_WEBHOOK_POLL_INTERVAL_MS: '600000',
        FAL_JWKS_URL: 'http://127.0.0.1:9999/.well-known/jwks.json',
      }),
    ).toMatchObject({
      pollIntervalMs: 600_000,
      webhook: {
        url: 'http://localhost:3000/api/v1/webhooks/fal',
        jwksUrl: 'http://127.0.0.1:9999/.well-known/jwks.json',
      },
    });
    expect(
      fal({ FAL_WEBHOOKS: 'off', PUBLIC_URL: 'https://studio.example.com' })?.webhook,
    ).toBeUndefined();
  });

  it('refuses an unknown value', () => {
    expect(() => fal({ FAL_WEBHOOKS: 'yes' })).toThrow(/FAL_WEBHOOKS/);
  });
});

describe('FAL_USER_ID and FAL_JWKS_URL', () => {
  const production = {
    NODE_ENV: 'production',
    AUTH_SECRET: 's'.repeat(32),
    C2PA_SIGN_CERT: 'cert',
    C2PA_SIGN_KEY: 'key',
  };

  it('names our fal account, whose deliveries alone are taken', () => {
    expect(fal({ FAL_WEBHOOKS: 'on', FAL_USER_ID: 'our-fal-user' })?.webhook).toMatchObject({
      userId: 'our-fal-user',
    });
  });

  it("refuses FAL_JWKS_URL in production: one stray setting cannot swap fal's keys", () => {
    const stray = { FAL_JWKS_URL: 'https://keys.example.com/jwks.json' };
    expect(() => fal({ ...production, ...stray })).toThrow(/FAL_JWKS_URL: is test-only/);
    expect(fal({ ...production, FAL_WEBHOOKS: 'on' })?.webhook?.jwksUrl).toBeUndefined();
    expect(fal({ FAL_WEBHOOKS: 'on', ...stray })?.webhook?.jwksUrl).toBe(stray.FAL_JWKS_URL);
  });
});

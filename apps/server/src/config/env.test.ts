import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultImageDecodeConcurrency, loadConfig } from './env';

/** What production requires besides AUTH_SECRET: the C2PA signer (ADR 058; checked at start). */
const PRODUCTION = { NODE_ENV: 'production', C2PA_SIGN_CERT: 'cert', C2PA_SIGN_KEY: 'key' };

describe('loadConfig', () => {
  it('defaults to port 3000, ./data, the embedded database and every role', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.role).toBe('all');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('honours PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({
      PORT: '3100',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u:p@db:5432/app',
    });
    expect(config).toMatchObject({
      port: 3100,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u:p@db:5432/app',
    });
    expect(config.publicUrl).toBe('http://localhost:3100');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('lists every invalid variable in one readable message', () => {
    const attempt = () => loadConfig({ PORT: '99999', ROLE: 'cook', DATABASE_URL: 'mysql://x' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- DATABASE_URL: .*\n {2}- ROLE: /,
    );
  });

  it('requires the C2PA signer in production, and a key with a certificate anywhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) })).toThrow(
      /C2PA_SIGN_CERT: is required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'development', C2PA_SIGN_CERT: 'cert' })).toThrow(
      /C2PA_SIGN_KEY: is required with C2PA_SIGN_CERT/,
    );
    expect(
      loadConfig({ ...PRODUCTION, AUTH_SECRET: 'x'.repeat(32), C2PA_SIGN_KEY: 'a\\nb' })
        .c2paSigning,
    ).toEqual({ certPem: 'cert', keyPem: 'a\nb' });
  });

  it('requires an explicit AUTH_SECRET in production', () => {
    expect(() => loadConfig(PRODUCTION)).toThrow(/AUTH_SECRET: is required in production/);
    expect(loadConfig({ ...PRODUCTION, AUTH_SECRET: 'x'.repeat(32) }).isProduction).toBe(true);
  });

  it('takes an OPERATOR_TOKEN of at least 32 characters, unset by default', () => {
    expect(loadConfig({}).operatorToken).toBeUndefined();
    expect(loadConfig({ OPERATOR_TOKEN: 't'.repeat(32) }).operatorToken).toBe('t'.repeat(32));
    expect(() => loadConfig({ OPERATOR_TOKEN: 'short' })).toThrow(
      /OPERATOR_TOKEN: must be at least 32 characters/,
    );
  });

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://studio.example.com/' }).publicUrl).toBe(
      'https://studio.example.com',
    );
  });

  it('turns the payment sandbox on by default only for a local setup without keys', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({}).payments.sandbox).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).payments.sandbox).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'https://studio.example.com' }).payments.sandbox).toBe(false);
    expect(loadConfig({ ...PRODUCTION, AUTH_SECRET: secret }).payments.sandbox).toBe(false);
    const stripeOnly = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
    });
    expect(stripeOnly.payments.sandbox).toBe(false);
    expect(
      loadConfig({ PUBLIC_URL: 'https://staging.example.com', PAYMENTS_SANDBOX: 'true' }).payments
        .sandbox,
    ).toBe(true);
  });

  it('asks for every key a payment provider needs', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_test_1' })).toThrow(/RAZORPAY_KEY_ID/);
  });

  it('reads a fal model id per tool from FAL_MODEL_<configName>, the prompt writer’s, the 4K upscaler’s and Kontext quality’s', () => {
    const config = loadConfig({
      FAL_KEY: 'key',
      FAL_MODEL_TRY_ON: 'owner/try-on',
      FAL_MODEL_REALISTIC_TRY_ON: 'owner/realistic',
      FAL_MODEL_REMOVE_BACKGROUND: 'owner/cutout',
      FAL_MODEL_VIDEO: '',
      FAL_MODEL_PROMPT: 'owner/writer',
      FAL_MODEL_UPSCALE_4K: 'owner/4k',
      FAL_MODEL_KONTEXT_QUALITY: 'owner/max',
      FAL_MODEL_KONTEXT_QUALITY_MULTI: 'owner/max-multi',
    });
    // Unset and empty settings are left out, so the provider's defaults apply to them.
    expect(config.generation.fal?.models).toEqual({
      'try-on': 'owner/try-on',
      'realistic-try-on': 'owner/realistic',
      'background-removal': 'owner/cutout',
      prompt: 'owner/writer',
      'upscale-4k': 'owner/4k',
      'kontext-quality': 'owner/max',
      'kontext-quality-multi': 'owner/max-multi',
    });
  });

  it('reads the support contact and legal text files for the site-info endpoint', () => {
    expect(loadConfig({}).site).toEqual({
      supportEmail: 'support@aiproductstudio.app',
      supportPhone: undefined,
      supportHours: 'Mon-Fri, 9am-6pm IST',
      privacyPolicyFile: undefined,
      termsFile: undefined,
    });
    expect(
      loadConfig({ SUPPORT_PHONE: ' +91 80 4000 1234 ', TERMS_FILE: 'legal/terms.txt' }).site,
    ).toMatchObject({
      supportPhone: '+91 80 4000 1234',
      termsFile: path.resolve('legal/terms.txt'),
    });
    expect(() => loadConfig({ SUPPORT_PHONE: 'call us' })).toThrow(
      /SUPPORT_PHONE: must be a phone number/,
    );
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nope' })).toThrow(/SUPPORT_EMAIL/);
  });
});

describe('IMAGE_DECODE_CONCURRENCY (ADR 039)', () => {
  it('defaults to half the cores, 1 to 4, and takes an explicit value', () => {
    expect([1, 2, 3, 4, 8, 16, 64].map(defaultImageDecodeConcurrency)).toEqual([
      1, 1, 1, 2, 4, 4, 4,
    ]);
    expect(loadConfig({ IMAGE_DECODE_CONCURRENCY: '3' }).imageDecodeConcurrency).toBe(3);
    expect(() => loadConfig({ IMAGE_DECODE_CONCURRENCY: '0' })).toThrow(ConfigError);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ ...PRODUCTION, AUTH_SECRET: 'x'.repeat(32) }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count or the load balancer addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
  });

  it('refuses true (every hop) and anything that is not an address', () => {
    for (const value of ['true', '*', 'lb.internal', '10.0.0.0/33', '10.0.0.1/8/2', '-1'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: must be/);
  });
});

describe('receipts settings (ADR 051)', () => {
  it('defaults to an unregistered seller, 18 % GST and no USD tax', () => {
    const { receipts } = loadConfig({});
    expect(receipts).toEqual({
      seller: {
        legalName: 'AI Product Studio',
        address: '',
        gstin: undefined,
        stateCode: undefined,
      },
      gstRatePercent: 18,
      usdTaxRatePercent: 0,
    });
  });

  it('takes the seller, a GSTIN (its state by default) and the rates', () => {
    const { receipts } = loadConfig({
      SELLER_LEGAL_NAME: 'Studio Imaging Private Limited',
      SELLER_ADDRESS: '12 Linking Road, Mumbai 400050',
      SELLER_TAX_ID: '27aapfu0939f1zv',
      GST_RATE_PERCENT: '12',
      USD_TAX_RATE_PERCENT: '7.5',
    });
    expect(receipts.seller).toEqual({
      legalName: 'Studio Imaging Private Limited',
      address: '12 Linking Road, Mumbai 400050',
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
    });
    expect(receipts.gstRatePercent).toBe(12);
    expect(receipts.usdTaxRatePercent).toBe(7.5);
  });

  it('refuses a GSTIN with a wrong check character, or a state that is not its own', () => {
    expect(() => loadConfig({ SELLER_TAX_ID: '27AAPFU0939F1ZW' })).toThrow(
      /SELLER_TAX_ID: .*check character/,
    );
    expect(() => loadConfig({ SELLER_TAX_ID: '27AAPFU0939F1ZV', SELLER_STATE: '29' })).toThrow(
      /SELLER_STATE: must be the state of SELLER_TAX_ID \(27\)/,
    );
    expect(() => loadConfig({ SELLER_STATE: '28' })).toThrow(/SELLER_STATE: must be a GST state/);
    expect(() => loadConfig({ GST_RATE_PERCENT: '-1' })).toThrow(/GST_RATE_PERCENT/);
  });
});

describe('fal money settings (issue 31)', () => {
  const fal = { GENERATION_PROVIDER: 'fal', FAL_KEY: 'k' };

  it("sends a safety tolerance permissive enough for swimwear unless set, never fal's strict default", () => {
    expect(loadConfig(fal).generation.fal?.safetyTolerance).toBe('5');
    expect(loadConfig({ ...fal, FAL_SAFETY_TOLERANCE: '2' }).generation.fal?.safetyTolerance).toBe(
      '2',
    );
    expect(() => loadConfig({ ...fal, FAL_SAFETY_TOLERANCE: '7' })).toThrow(/FAL_SAFETY_TOLERANCE/);
  });

  it('lays FAL_PRICES over the list prices, and refuses a table it cannot read', () => {
    const prices = loadConfig({
      ...fal,
      FAL_PRICES: '{"fal-ai/topaz/upscale/image": {"usd": 0.08, "per": "image"}}',
    }).generation.fal?.prices;
    expect(prices?.['fal-ai/topaz/upscale/image']).toEqual({ usd: 0.08, per: 'image' });
    expect(prices?.['fal-ai/flux-pro/kontext']).toEqual({ usd: 0.04, per: 'image' });
    expect(() => loadConfig({ ...fal, FAL_PRICES: '{"m": {"usd": 1, "per": "frame"}}' })).toThrow(
      /FAL_PRICES: must be JSON like/,
    );
    expect(() => loadConfig({ ...fal, FAL_PRICES: 'not json' })).toThrow(/FAL_PRICES/);
  });

  it('takes GENERATION_DEADLINE_SECONDS from 5 s to a day', () => {
    expect(loadConfig({}).generation.deadlineSeconds).toBeUndefined();
    expect(loadConfig({ GENERATION_DEADLINE_SECONDS: '5' }).generation.deadlineSeconds).toBe(5);
    expect(() => loadConfig({ GENERATION_DEADLINE_SECONDS: '4' })).toThrow(
      /GENERATION_DEADLINE_SECONDS/,
    );
  });
});

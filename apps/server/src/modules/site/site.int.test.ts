import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SUPPORT_EMAIL, SUPPORT_HOURS, siteInfoResponseSchema } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/harness';

const getInfo = async (env: Record<string, string> = {}) => {
  const { app } = await createTestApp({ env });
  // No cookie: the login page links to the legal pages before anyone signs in.
  const res = await app.inject({ method: 'GET', url: '/api/v1/site-info' });
  expect(res.statusCode, res.body).toBe(200);
  return { res, info: siteInfoResponseSchema.parse(res.json()) };
};

const allText = (document: { sections: { heading: string; paragraphs: string[] }[] }) =>
  document.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join('\n');

describe('GET /api/v1/site-info', () => {
  it('answers without a session with the default support details and legal texts', async () => {
    const { res, info } = await getInfo();
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(info).toMatchObject({
      supportEmail: SUPPORT_EMAIL,
      supportPhone: null,
      supportHours: SUPPORT_HOURS,
    });
    expect(info.privacyPolicy.title).toBe('Privacy Policy');
    expect(info.terms.title).toBe('Terms of Service');
    // The defaults cover what an AI imagery studio keeps and what its credits promise.
    const privacy = allText(info.privacyPolicy);
    for (const topic of [/uploads/i, /generated images/i, /Stripe/, /Delete Account/]) {
      expect(privacy).toMatch(topic);
    }
    const terms = allText(info.terms);
    for (const topic of [/Credits/, /returned automatically and in full/, /Acceptable use/]) {
      expect(terms).toMatch(topic);
    }
    expect(privacy).toContain(SUPPORT_EMAIL);
    expect(privacy).not.toContain('{supportEmail}');
  });

  it('uses the configured support email, phone, hours and legal text files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'site-info-'));
    const privacyFile = path.join(dir, 'privacy.txt');
    writeFileSync(
      privacyFile,
      'Updated: 1 December 2026\n\n# What we keep\nOnly what you\ngive us.\n\nWrite to {supportEmail}.\n',
    );
    const { info } = await getInfo({
      SUPPORT_EMAIL: 'help@shop.example',
      SUPPORT_PHONE: '+91 80 4000 1234',
      SUPPORT_HOURS: 'Every day, 8am-8pm IST',
      PRIVACY_POLICY_FILE: privacyFile,
    });
    expect(info).toMatchObject({
      supportEmail: 'help@shop.example',
      supportPhone: '+91 80 4000 1234',
      supportHours: 'Every day, 8am-8pm IST',
    });
    expect(info.privacyPolicy).toEqual({
      title: 'Privacy Policy',
      updated: '1 December 2026',
      sections: [
        {
          heading: 'What we keep',
          paragraphs: ['Only what you give us.', 'Write to help@shop.example.'],
        },
      ],
    });
    expect(allText(info.terms)).toContain('help@shop.example');
  });

  it('refuses to start with a legal text file that cannot be read', async () => {
    await expect(createTestApp({ env: { TERMS_FILE: '/no/such/terms.txt' } })).rejects.toThrow(
      /ENOENT/,
    );
  });
});

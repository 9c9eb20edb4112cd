import {
  GENERATION_TYPES,
  type GenerationType,
  type SiteInfoResponse,
  type ToolOutput,
} from '@studio/contract';
import type { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from './server';

/** What `GET /api/v1/site-info` answers in tests unless a test says otherwise. */
export const testSiteInfo: SiteInfoResponse = {
  supportEmail: 'help@studio.example',
  supportPhone: null,
  supportHours: 'Mon-Fri, 9am-6pm IST',
  privacyPolicy: {
    title: 'Privacy Policy',
    updated: '24 November 2026',
    sections: [
      { heading: 'Your uploads', paragraphs: ['Stored under a random id, metadata removed.'] },
      { heading: 'Deleting your data', paragraphs: ['Delete Account erases everything.'] },
    ],
  },
  terms: {
    title: 'Terms of Service',
    updated: '24 November 2026',
    sections: [
      { heading: 'Credits', paragraphs: ['Failed generations are refunded in full.'] },
      { heading: '', paragraphs: ['<b>Plain text</b>, never markup.'] },
    ],
  },
  // A studio that really makes every tool, so tests see every follow-up unless they say otherwise.
  tools: GENERATION_TYPES.map((type) => ({ type, output: 'real' as const })),
};

/** The offline engine's answer (ADR 048): try-on, poses and the extractor only preview. */
export const LOCAL_ENGINE_PREVIEWS: readonly GenerationType[] = [
  'try-on',
  'realistic-try-on',
  'ai-poses',
  'fashion-extractor',
];

/** Every tool real but `previews` (and `unavailable`), for the rest of the test. */
export function mockToolOutputs(
  previews: readonly GenerationType[] = LOCAL_ENGINE_PREVIEWS,
  unavailable: readonly GenerationType[] = [],
): void {
  const output = (type: GenerationType): ToolOutput =>
    unavailable.includes(type) ? 'unavailable' : previews.includes(type) ? 'preview' : 'real';
  mockSiteInfo({ tools: GENERATION_TYPES.map((type) => ({ type, output: output(type) })) });
}

export const siteInfoHandlers = [
  http.get('/api/v1/site-info', () => HttpResponse.json(testSiteInfo)),
];

/** The site information for the rest of the test, merged over the defaults. */
export function mockSiteInfo(info: Partial<SiteInfoResponse>): void {
  server.use(http.get('/api/v1/site-info', () => HttpResponse.json({ ...testSiteInfo, ...info })));
}

/**
 * Waits until the site information has arrived: until then a screen claims nothing about what a
 * tool makes, so an assertion that something is absent must wait for it (ADR 048).
 */
export async function siteInfoLoaded(queryClient: QueryClient): Promise<void> {
  await waitFor(() => {
    if (queryClient.getQueryState(['site-info'])?.status !== 'success') {
      throw new Error('site-info not loaded yet');
    }
  });
}

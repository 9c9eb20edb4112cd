import type { SiteInfoResponse } from '@studio/contract';
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
};

export const siteInfoHandlers = [
  http.get('/api/v1/site-info', () => HttpResponse.json(testSiteInfo)),
];

/** The site information for the rest of the test, merged over the defaults. */
export function mockSiteInfo(info: Partial<SiteInfoResponse>): void {
  server.use(http.get('/api/v1/site-info', () => HttpResponse.json({ ...testSiteInfo, ...info })));
}

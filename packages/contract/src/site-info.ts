// `GET /api/v1/site-info` (public): how to reach support and the legal texts, set by whoever
// runs the studio (server configuration). zod/mini, so the browser can parse it for ~nothing.
import { z } from 'zod/mini';

/** One headed part of a legal text; paragraphs are plain text (never HTML). */
export const legalSectionSchema = z.object({
  heading: z.string(),
  paragraphs: z.array(z.string()),
});
export type LegalSection = z.infer<typeof legalSectionSchema>;

export const legalDocumentSchema = z.object({
  title: z.string(),
  /** When the text last changed, as the operator wrote it (e.g. '24 November 2026'). */
  updated: z.string(),
  sections: z.array(legalSectionSchema),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

export const siteInfoResponseSchema = z.object({
  supportEmail: z.string(),
  /** Null when the operator offers no phone line. */
  supportPhone: z.nullable(z.string()),
  supportHours: z.string(),
  privacyPolicy: legalDocumentSchema,
  terms: legalDocumentSchema,
});
export type SiteInfoResponse = z.infer<typeof siteInfoResponseSchema>;

// `GET /api/v1/site-info` (public): how to reach support and the legal texts, set by whoever
// runs the studio (server configuration). zod/mini, so the browser can parse it for ~nothing.
import { z } from 'zod/mini';
import { readableEntries } from './responses/read';
import { TOOL_OUTPUTS } from './tool-outputs';
import { GENERATION_TYPES } from './tools';

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
  /**
   * What this installation really makes with each tool (ADR 048). Entries the browser cannot read
   * drop, and a tool left out reads as unknown: screens then claim nothing either way.
   */
  tools: readableEntries(
    z.object({ type: z.enum(GENERATION_TYPES), output: z.enum(TOOL_OUTPUTS) }),
  ),
});
export type SiteInfoResponse = z.infer<typeof siteInfoResponseSchema>;

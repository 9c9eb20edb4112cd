import { readFileSync } from 'node:fs';
import type {
  LegalDocument,
  LegalSection,
  SiteInfoResponse,
  ToolOutputEntry,
} from '@studio/contract';
import type { SiteConfig } from '../../config/env';
import { DEFAULT_PRIVACY_POLICY, DEFAULT_TERMS } from './legal-texts';

const UPDATED_LINE = /^(?:last )?updated:\s*(.+)$/i;

/**
 * Reads an operator's plain-text legal document: `# ` starts a section, blank lines separate
 * paragraphs, an optional first line `Updated: <date>` dates it. Text before the first heading is
 * an untitled opening section. Plain text only: the page renders it as text, never as HTML.
 */
export function parseLegalText(title: string, text: string): LegalDocument {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let updated = '';
  const first = lines.findIndex((line) => line.trim() !== '');
  const dated = first === -1 ? null : UPDATED_LINE.exec(lines[first]?.trim() ?? '');
  if (dated) {
    updated = dated[1]?.trim() ?? '';
    lines.splice(first, 1);
  }

  const sections: LegalSection[] = [];
  let section: LegalSection = { heading: '', paragraphs: [] };
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) section.paragraphs.push(paragraph.join(' '));
    paragraph = [];
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (line.startsWith('# ')) {
      endParagraph();
      if (section.heading !== '' || section.paragraphs.length > 0) sections.push(section);
      section = { heading: line.slice(2).trim(), paragraphs: [] };
    } else if (line === '') {
      endParagraph();
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  if (section.heading !== '' || section.paragraphs.length > 0) sections.push(section);
  return { title, updated, sections };
}

function withSupportEmail(document: LegalDocument, supportEmail: string): LegalDocument {
  return {
    ...document,
    sections: document.sections.map((section) => ({
      heading: section.heading,
      paragraphs: section.paragraphs.map((p) => p.replaceAll('{supportEmail}', supportEmail)),
    })),
  };
}

function legalDocument(file: string | undefined, fallback: LegalDocument): LegalDocument {
  // Read once at start: a missing or unreadable file stops the server instead of showing nothing.
  return file === undefined ? fallback : parseLegalText(fallback.title, readFileSync(file, 'utf8'));
}

/**
 * The public site information, built once from configuration at start, with what the configured
 * provider really makes with each tool (ADR 048).
 */
export function siteInfo(config: SiteConfig, tools: readonly ToolOutputEntry[]): SiteInfoResponse {
  return {
    supportEmail: config.supportEmail,
    supportPhone: config.supportPhone ?? null,
    supportHours: config.supportHours,
    privacyPolicy: withSupportEmail(
      legalDocument(config.privacyPolicyFile, DEFAULT_PRIVACY_POLICY),
      config.supportEmail,
    ),
    terms: withSupportEmail(legalDocument(config.termsFile, DEFAULT_TERMS), config.supportEmail),
    tools: [...tools],
  };
}

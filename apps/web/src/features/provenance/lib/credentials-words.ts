import {
  DIGITAL_SOURCE_TYPE_BASE,
  DIGITAL_SOURCE_TYPES,
  type ContentCredentials,
  type DigitalSourceType,
} from '@studio/contract';

type Marked = NonNullable<ContentCredentials>;

export const MADE_WITH_AI = 'Made with AI';
export const NOT_MADE_WITH_AI = 'Not made with generative AI';

/** The seller's verdict on a code the studio writes. */
export function aiVerdict(code: DigitalSourceType): string {
  return DIGITAL_SOURCE_TYPES[code].generativeAi ? MADE_WITH_AI : NOT_MADE_WITH_AI;
}

/** The IPTC code a full digital source type URI names, if it is one the studio knows. */
export function knownSourceType(uri: string): DigitalSourceType | null {
  if (!uri.startsWith(DIGITAL_SOURCE_TYPE_BASE)) return null;
  const code = uri.slice(DIGITAL_SOURCE_TYPE_BASE.length);
  return Object.hasOwn(DIGITAL_SOURCE_TYPES, code) ? (code as DigitalSourceType) : null;
}

/** "Verified", "Not verified", and how many outputs carry credentials when not all do. */
export function verifiedText({ verified, marked, outputs }: Marked): string {
  const verdict = verified ? 'Verified' : 'Not verified';
  if (marked >= outputs) return verdict;
  const verb = marked === 1 ? 'carries' : 'carry';
  return `${verdict}: ${String(marked)} of ${String(outputs)} outputs ${verb} credentials`;
}

export const NO_CREDENTIALS = 'No content credentials';
export const NO_CREDENTIALS_WHY =
  'This result was made before the studio marked its outputs, or its files could not be marked.';
export const OWN_ENGINE = "the studio's own engine";

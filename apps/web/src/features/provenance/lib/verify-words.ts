import { DIGITAL_SOURCE_TYPES } from '@studio/contract';
import { aiVerdict, knownSourceType } from './credentials-words';

/**
 * C2PA validation failure codes (C2PA 2.x, §15 "Validation") in plain words. A code not listed
 * is shown as it is, so nothing the reader found is hidden.
 */
const FAILURES: Record<string, string> = {
  'assertion.dataHash.mismatch': 'The file was changed after it was signed.',
  'assertion.bmffHash.mismatch': 'The file was changed after it was signed.',
  'assertion.boxesHash.mismatch': 'The file was changed after it was signed.',
  'assertion.collectionHash.mismatch': 'The file was changed after it was signed.',
  'assertion.hashedURI.mismatch': 'Part of the credentials was changed after they were signed.',
  'assertion.dataHash.malformed': "The credentials' fingerprint of the file is unreadable.",
  'assertion.missing': 'Part of the credentials is missing.',
  'assertion.notRedacted': 'Part of the credentials was removed without a record of it.',
  'claim.missing': 'The credentials are incomplete.',
  'claim.malformed': 'The credentials are damaged.',
  'claimSignature.missing': 'The credentials are not signed.',
  'claimSignature.mismatch': 'The signature does not match the credentials.',
  'claimSignature.outsideValidity': "It was signed outside the certificate's validity period.",
  'signingCredential.invalid': 'The signing certificate is not valid.',
  'signingCredential.expired': 'The signing certificate had expired.',
  'signingCredential.revoked': 'The signing certificate was revoked.',
  'timeStamp.mismatch': 'The time stamp does not match the signature.',
  'timeStamp.outsideValidity': "The time stamp is outside the certificate's validity period.",
  'algorithm.unsupported': 'It was signed with a method this page cannot check.',
  'manifest.inaccessible': 'The credentials are stored elsewhere and could not be reached.',
};

/** Why a file's credentials are not valid, one sentence per distinct reason. */
export function failureReasons(codes: readonly string[]): string[] {
  const reasons = codes.map((code) => FAILURES[code] ?? `A check failed (${code}).`);
  return [...new Set(reasons)];
}

/** The C2PA actions a studio output carries, and a few common ones from other tools. */
const ACTIONS: Record<string, string> = {
  'c2pa.created': 'Created',
  'c2pa.edited': 'Edited',
  'c2pa.opened': 'Opened',
  'c2pa.placed': 'Placed',
  'c2pa.cropped': 'Cropped',
  'c2pa.resized': 'Resized',
  'c2pa.converted': 'Converted',
  'c2pa.transcoded': 'Transcoded',
  'c2pa.repackaged': 'Repackaged',
  'c2pa.color_adjustments': 'Colours adjusted',
  'c2pa.filtered': 'Filtered',
  'c2pa.drawing': 'Drawn on',
  'c2pa.published': 'Published',
  'c2pa.watermarked': 'Watermarked',
  'c2pa.removed': 'Parts removed',
};

export function actionLabel(action: string): string {
  return ACTIONS[action] ?? action;
}

/**
 * How a file was made, from its digital source type: whether generative AI made it and IPTC's
 * name for the code; a code the studio does not write is shown as its URI, with no verdict.
 */
export function sourceTypeWords(uri: string): { verdict: string | null; name: string } {
  const code = knownSourceType(uri);
  if (code === null) return { verdict: null, name: uri };
  return { verdict: aiVerdict(code), name: DIGITAL_SOURCE_TYPES[code].name };
}

/** "made from 1 earlier file", "made from 3 earlier files". */
export function ingredientsText(count: number): string {
  return `Made from ${String(count)} earlier ${count === 1 ? 'file' : 'files'}`;
}

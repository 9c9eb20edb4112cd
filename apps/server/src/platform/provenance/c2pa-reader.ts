import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import init, { WasmReader } from '@contentauth/c2pa-wasm';

/**
 * The C2PA reference implementation (c2pa-rs, built to WebAssembly by the Content Authenticity
 * Initiative) reading a file's credentials: a reader independent of our writer (c2pa-ts), used to
 * check every marked output before it is stored and by the tests.
 */
let ready: Promise<unknown> | undefined;
function loaded(): Promise<unknown> {
  ready ??= fs
    .readFile(fileURLToPath(import.meta.resolve('@contentauth/c2pa-wasm/c2pa.wasm')))
    .then((module_or_path) => init({ module_or_path }));
  return ready;
}

export interface ReadCredentials {
  /** Trusted: valid and issued under a trusted root; Valid: signature and binding hold. */
  state: 'Trusted' | 'Valid' | 'Invalid';
  /** Failure codes of the active manifest (e.g. assertion.dataHash.mismatch). */
  failures: string[];
  /** Every status the reader reported for the active manifest. */
  results: StatusLists;
  activeLabel: string;
  /** The active manifest as the reader gives it (claim generator, actions, ingredients...). */
  manifest: Record<string, unknown>;
  manifests: Record<string, Record<string, unknown>>;
}

export interface StatusLists {
  success: Status[];
  informational: Status[];
  failure: Status[];
}
interface Status {
  code: string;
  url?: string;
}

interface StoreJson {
  active_manifest?: string;
  manifests?: Record<string, Record<string, unknown>>;
  validation_state?: string;
  validation_results?: { activeManifest?: Partial<StatusLists> };
}

const codesOf = (list: Status[] | undefined): Status[] =>
  (list ?? []).map(({ code, url }) => (url === undefined ? { code } : { code, url }));

/** Null when the file carries no manifest. `trustAnchorPem` makes that root trusted. */
export async function readC2pa(
  file: Buffer,
  type: string,
  trustAnchorPem?: string,
): Promise<ReadCredentials | null> {
  await loaded();
  const context =
    trustAnchorPem === undefined
      ? undefined
      : JSON.stringify({ trust: { user_anchors: trustAnchorPem }, verify: { verify_trust: true } });
  let json: string;
  try {
    const reader = await WasmReader.fromBytes(type, new Uint8Array(file), context);
    json = reader.json();
    reader.free();
  } catch (error) {
    // The reader throws when there is no manifest to read at all.
    if (String(error).includes('JumbfNotFound')) return null;
    throw error;
  }
  const store = JSON.parse(json) as StoreJson;
  const activeLabel = store.active_manifest ?? '';
  const manifests = store.manifests ?? {};
  const state = store.validation_state;
  const active = store.validation_results?.activeManifest;
  const results = {
    success: codesOf(active?.success),
    informational: codesOf(active?.informational),
    failure: codesOf(active?.failure),
  };
  return {
    state: state === 'Trusted' || state === 'Valid' ? state : 'Invalid',
    failures: results.failure.map((status) => status.code),
    results,
    activeLabel,
    manifest: manifests[activeLabel] ?? {},
    manifests,
  };
}

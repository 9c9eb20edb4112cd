import { isRecord, isString, nonBlank } from '@/lib/guards';
import { openInWorker, ReaderStartError } from './open-in-worker';

/**
 * The verifier's one door to the C2PA reader (`@contentauth/c2pa-wasm`, the reference
 * implementation built to WebAssembly): a file in, a plain summary of its content credentials
 * out. Pages and tests see only these types; the reader's JSON stays in here.
 */

/** What the reader concluded about the active manifest. */
export type CredentialsState = 'trusted' | 'valid' | 'invalid';

export interface CredentialsAction {
  /** The C2PA action, e.g. 'c2pa.created'. */
  action: string;
  /** The IPTC digital source type URI the action carries, if any. */
  sourceType: string | null;
  /** The software or model that did it ('name version'), if stated. */
  softwareAgent: string | null;
  /** The action's own words (the studio writes its tool and model here). */
  description: string | null;
  /** The action's plain-valued parameters (model ids, descriptions), as written. */
  parameters: { name: string; value: string }[];
}

export interface CredentialsSummary {
  state: CredentialsState;
  /** The validation failure codes (c2pa's), without the trust note below. */
  failures: string[];
  /** Signed by a certificate the reader does not trust (`signingCredential.untrusted`). */
  untrusted: boolean;
  title: string | null;
  /** The claim generator: the app that wrote the manifest ('name version'). */
  generator: string | null;
  /** The digital source type of the first action that states one. */
  sourceType: string | null;
  actions: CredentialsAction[];
  /** The signing certificate's issuer, and when it was signed (ISO 8601). */
  issuer: string | null;
  signedAt: string | null;
  /** Titles of the earlier files it was made from. */
  ingredients: string[];
}

export type CredentialsReading = { found: false } | { found: true; summary: CredentialsSummary };

/**
 * Opens the reader on `file` as `format` (a MIME type) with the reader's context JSON, and
 * returns its manifest store JSON. Throws what the reader throws (a file without a manifest
 * throws too).
 */
export type OpenManifestStore = (
  file: Blob,
  format: string,
  context: string | null,
  signal?: AbortSignal,
) => Promise<string>;

export interface ReadOptions {
  /** The studio's trust anchor (PEM), so its own files read as trusted; null without one. */
  trustAnchor: string | null;
  signal?: AbortSignal;
  /** How to reach the reader: a worker in the browser (default), the module itself in Node. */
  open?: OpenManifestStore;
}

/** The reader's context: the studio's certificate as a trust anchor, with trust checked. */
export function readerContext(trustAnchor: string | null): string | null {
  if (trustAnchor === null) return null;
  return JSON.stringify({ trust: { user_anchors: trustAnchor }, verify: { verify_trust: true } });
}

/**
 * How c2pa-rs reports a file that carries no manifest, as opposed to one it could not read
 * ('C2pa(InvalidAsset(…))'). The WASM build throws the Rust error's debug text as a string
 * ('C2pa(JumbfNotFound)'), so the variant's name is all there is to match.
 */
const NO_MANIFEST = /\b(?:JumbfNotFound|ProvenanceMissing|ManifestNotFound)\b/;

/** The reader could not start in this browser, or could not make sense of the file. */
export class CredentialsReadError extends Error {
  override readonly name = 'CredentialsReadError';
  constructor(
    readonly kind: 'no-reader' | 'unreadable',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Reads `file`'s content credentials; `{ found: false }` when it carries none. */
export async function readCredentials(
  file: Blob,
  format: string,
  { trustAnchor, signal, open = openInWorker }: ReadOptions,
): Promise<CredentialsReading> {
  let json: string;
  try {
    json = await open(file, format, readerContext(trustAnchor), signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    const text = error instanceof Error ? error.message : String(error);
    if (error instanceof ReaderStartError) {
      throw new CredentialsReadError('no-reader', text, { cause: error });
    }
    if (NO_MANIFEST.test(text)) return { found: false };
    throw new CredentialsReadError('unreadable', text, { cause: error });
  }
  const store: unknown = JSON.parse(json);
  const summary = summarise(store);
  return summary === null ? { found: false } : { found: true, summary };
}

// --- The reader's JSON, read defensively: every field may be missing or of another shape. ---

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** 'name version' of a claim generator info or software agent (a string in older manifests). */
function agentName(value: unknown): string | null {
  if (isString(value)) return nonBlank(value);
  if (!isRecord(value)) return null;
  const name = nonBlank(value.name);
  if (name === null) return null;
  const version = nonBlank(value.version);
  return version === null ? name : `${name} ${version}`;
}

function stateOf(value: unknown): CredentialsState {
  if (value === 'Trusted') return 'trusted';
  if (value === 'Valid') return 'valid';
  return 'invalid';
}

/** The active manifest's failure codes (validation_results), else the flat validation_status. */
function failureCodes(store: Record<string, unknown>): string[] {
  const results = isRecord(store.validation_results) ? store.validation_results : null;
  const active = results && isRecord(results.activeManifest) ? results.activeManifest : null;
  const entries = active ? asArray(active.failure) : asArray(store.validation_status);
  const codes = entries.flatMap((entry) =>
    isRecord(entry) && isString(entry.code) ? [entry.code] : [],
  );
  return [...new Set(codes)];
}

function parametersOf(value: unknown): CredentialsAction['parameters'] {
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([name, entry]) =>
    isString(entry) || typeof entry === 'number' || typeof entry === 'boolean'
      ? [{ name, value: String(entry) }]
      : [],
  );
}

function actionsOf(manifest: Record<string, unknown>): CredentialsAction[] {
  return asArray(manifest.assertions).flatMap((assertion) => {
    if (!isRecord(assertion) || !isString(assertion.label)) return [];
    if (!/^c2pa\.actions(\.v\d+)?$/.test(assertion.label) || !isRecord(assertion.data)) return [];
    return asArray(assertion.data.actions).flatMap((entry) => {
      if (!isRecord(entry) || !isString(entry.action)) return [];
      return {
        action: entry.action,
        sourceType: nonBlank(entry.digitalSourceType),
        softwareAgent: agentName(entry.softwareAgent),
        description: nonBlank(entry.description),
        parameters: parametersOf(entry.parameters),
      };
    });
  });
}

function generatorOf(manifest: Record<string, unknown>): string | null {
  const infos = asArray(manifest.claim_generator_info).flatMap((info) => agentName(info) ?? []);
  return infos.length > 0 ? infos.join(', ') : nonBlank(manifest.claim_generator);
}

/** The summary of the active manifest, or null when the store has none. */
export function summarise(store: unknown): CredentialsSummary | null {
  if (!isRecord(store) || !isString(store.active_manifest) || !isRecord(store.manifests)) {
    return null;
  }
  const manifest = store.manifests[store.active_manifest];
  if (!isRecord(manifest)) return null;
  const signature = isRecord(manifest.signature_info) ? manifest.signature_info : {};
  const codes = failureCodes(store);
  const actions = actionsOf(manifest);
  return {
    state: stateOf(store.validation_state),
    failures: codes.filter((code) => code !== 'signingCredential.untrusted'),
    untrusted: codes.includes('signingCredential.untrusted'),
    title: nonBlank(manifest.title),
    generator: generatorOf(manifest),
    sourceType: actions.find((action) => action.sourceType !== null)?.sourceType ?? null,
    actions,
    issuer: nonBlank(signature.issuer) ?? nonBlank(signature.common_name),
    signedAt: nonBlank(signature.time),
    ingredients: asArray(manifest.ingredients).map(
      (ingredient) => (isRecord(ingredient) ? nonBlank(ingredient.title) : null) ?? 'Untitled file',
    ),
  };
}

import { expect } from 'vitest';
import { readC2pa } from '../src/platform/provenance/c2pa-reader';
import { exiftool } from './exiftool';
import { post, waitForGeneration } from './generation-helpers';
import type { TestApp } from './harness';

/** IPTC's digital source type vocabulary, as the files spell the codes. */
export const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

export interface Made {
  generationId: string;
  imageUrls: string[];
  videoUrls: string[];
  credentials: Record<string, unknown> | null;
}

/** Runs one generate call to the end and answers the generation as the API shows it. */
export async function make(
  t: TestApp,
  cookie: string,
  path: string,
  payload: unknown,
): Promise<Made> {
  const res = await post(t.app, cookie, path, payload);
  expect(res.statusCode, res.body).toBe(202);
  const { generationId } = res.json<{ generationId: string }>();
  const done = await waitForGeneration(t.app, cookie, generationId, 120_000);
  expect(done.status, done.error ?? '').toBe('succeeded');
  const read = await t.app.inject({
    method: 'GET',
    url: `/api/v1/generations/${generationId}`,
    headers: { cookie },
  });
  return { generationId, ...read.json<{ generation: Omit<Made, 'generationId'> }>().generation };
}

/** A stored file as a browser downloads it. */
export async function download(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return { bytes: res.rawPayload, type: String(res.headers['content-type']) };
}

/** The studio's trust anchor, as its public route answers it. */
export async function trustAnchorOf(t: TestApp): Promise<string> {
  return (await t.app.inject({ method: 'GET', url: '/api/v1/provenance/trust-anchor' })).body;
}

/**
 * What two independent readers say about one file: ExifTool its XMP, the C2PA reference reader
 * (c2pa-rs) its manifest, validated against `anchor`.
 */
export async function marksOf(file: { bytes: Buffer; type: string }, anchor: string) {
  const tags = await exiftool(file.bytes);
  const c2pa = await readC2pa(file.bytes, file.type, anchor);
  const assertions = (c2pa?.manifest.assertions ?? []) as {
    label: string;
    data: { actions?: Record<string, unknown>[] };
  }[];
  const actions = assertions
    .filter((assertion) => assertion.label.startsWith('c2pa.actions'))
    .flatMap((assertion) => assertion.data.actions ?? []);
  return {
    sourceType: tags['XMP-iptcExt:DigitalSourceType'],
    model: tags['XMP-iptcExt:AISystemUsed'],
    creatorTool: tags['XMP-xmp:CreatorTool'],
    state: c2pa?.state,
    failures: c2pa?.failures,
    actions: actions.map((action) => [action.action, action.digitalSourceType]),
    /** Who each action says did the work (C2PA's softwareAgent). */
    agents: actions.map((action) => (action.softwareAgent as { name?: string } | undefined)?.name),
    manifests: Object.keys(c2pa?.manifests ?? {}).length,
    activeLabel: c2pa?.activeLabel,
    ingredients: (c2pa?.manifest.ingredients ?? []) as Record<string, unknown>[],
  };
}

import path from 'node:path';
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript';
import ts from 'typescript';

/*
 * The API reference as the examples/api client reads it (issue 35, ADR 061): the served document
 * (`GET /api/docs/json`) and the TypeScript types openapi-typescript makes of it, both committed
 * and rewritten by `npm run api:types`; openapi-types.int.test.ts fails when they are stale.
 */

export const API_EXAMPLE_DIR = path.resolve(import.meta.dirname, '../../../../examples/api');
export const DOCUMENT_FILE = path.join(API_EXAMPLE_DIR, 'openapi.json');
export const TYPES_FILE = path.join(API_EXAMPLE_DIR, 'schema.d.ts');

/** The document as committed: two-space JSON, one trailing newline. */
export function documentText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

const BLOB = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier('Blob'));

/**
 * What `npx openapi-typescript examples/api/openapi.json` prints for the document, with binary
 * strings (an upload's files, a downloaded zip) as Blobs, as openapi-typescript's docs advise for
 * multipart bodies.
 */
export async function typesText(document: unknown): Promise<string> {
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    silent: true,
    transform: (schema) => (schema.format === 'binary' ? BLOB : undefined),
  });
  return COMMENT_HEADER + astToString(ast);
}

/** What stands for the key in the examples: the reader exports their own. */
export const KEY_PLACEHOLDER = '<your API key>';

/** Where the API reference is served (the server's OpenAPI UI). */
export const API_REFERENCE_PATH = '/api/docs';

/**
 * The quick start: upload one image, then upscale it and wait up to 60 s for the result. The
 * Idempotency-Key makes a retried call answer the same work, charged once (ADR 059).
 */
export function quickStartScript(origin: string): string {
  return [
    `export KEY="${KEY_PLACEHOLDER}"`,
    `export ORIGIN="${origin}"`,
    '',
    '# 1. Upload an image: the answer\'s "url" is what the tools read',
    'curl -H "Authorization: Bearer $KEY" \\',
    '  -F files=@photo.jpg \\',
    '  "$ORIGIN/api/v1/uploads"',
    '',
    '# 2. Upscale it 2x and wait up to 60 s for the result',
    'curl -X POST "$ORIGIN/api/v1/upscaler?wait=60" \\',
    '  -H "Authorization: Bearer $KEY" \\',
    '  -H "Idempotency-Key: $(uuidgen)" \\',
    '  -H "Content-Type: application/json" \\',
    '  -d \'{ "imageUrl": "<url from upload>", "upscaleFactor": "2x" }\'',
  ].join('\n');
}

import { describe, expect, it } from 'vitest';
import { KEY_PLACEHOLDER, quickStartScript } from './quick-start';

describe('quickStartScript', () => {
  const script = quickStartScript('https://studio.example');

  it('uses the key placeholder and the given origin', () => {
    expect(script).toContain(`export KEY="${KEY_PLACEHOLDER}"`);
    expect(script).toContain('export ORIGIN="https://studio.example"');
  });

  it('uploads with a Bearer key, then upscales with an Idempotency-Key and a 60 s wait', () => {
    expect(script).toContain('curl -H "Authorization: Bearer $KEY" \\\n  -F files=@photo.jpg');
    expect(script).toContain('"$ORIGIN/api/v1/uploads"');
    expect(script).toContain('curl -X POST "$ORIGIN/api/v1/upscaler?wait=60"');
    expect(script).toContain('-H "Idempotency-Key: $(uuidgen)"');
    expect(script).toContain(`'{ "imageUrl": "<url from upload>", "upscaleFactor": "2x" }'`);
  });
});

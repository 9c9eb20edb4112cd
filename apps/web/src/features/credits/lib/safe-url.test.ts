import { describe, expect, it } from 'vitest';
import { safeMediaUrl } from './safe-url';

describe('safeMediaUrl', () => {
  it.each(['https://cdn.example/a.jpg', 'http://cdn.example/a.jpg', '/media/a.jpg'])(
    'allows %s',
    (url) => {
      expect(safeMediaUrl(url)).not.toBeNull();
    },
  );

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.jpg', '', ' '])(
    'refuses %j',
    (url) => {
      expect(safeMediaUrl(url)).toBeNull();
    },
  );
});

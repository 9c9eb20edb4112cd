import { describe, expect, it } from 'vitest';
import { keyPrefixText, lastUsedText } from './key-display';

describe('key display', () => {
  it('shows a key by its prefix and an ellipsis', () => {
    expect(keyPrefixText('sk_live_Ab12')).toBe('sk_live_Ab12…');
  });

  it("says 'Never used' for a key without a use, and when it was last used otherwise", () => {
    expect(lastUsedText(null)).toBe('Never used');
    expect(lastUsedText('2026-11-28T09:30:00.000Z')).toMatch(/^Last used .*2026/);
  });
});

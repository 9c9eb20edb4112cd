import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStorage } from './storage-warm-up';

describe('openStorage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('reads both storage areas once, so their first real use does not wait for them', () => {
    const read = vi.spyOn(Storage.prototype, 'key');

    openStorage();

    expect(read).toHaveBeenCalledTimes(2);
    expect(read.mock.contexts).toEqual([window.localStorage, window.sessionStorage]);
  });

  it('goes on quietly when storage is blocked, as in a privacy mode', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const read = vi.spyOn(Storage.prototype, 'key');

    expect(() => {
      openStorage();
    }).not.toThrow();
    expect(read.mock.contexts).toEqual([window.sessionStorage]);
  });
});

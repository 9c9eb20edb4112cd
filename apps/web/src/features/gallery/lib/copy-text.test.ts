import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';

function stubExecCommand(result: boolean) {
  const copied: string[] = [];
  const execCommand = vi.fn(() => {
    const active = document.activeElement;
    copied.push(active instanceof HTMLTextAreaElement ? active.value : '');
    return result;
  });
  Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
  return { execCommand, copied };
}

afterEach(() => {
  Reflect.deleteProperty(document, 'execCommand');
});

describe('copyText', () => {
  it('writes through the Clipboard API when it exists', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { execCommand } = stubExecCommand(true);

    expect(await copyText('https://x.example/a', { clipboard: { writeText } })).toBe(true);
    expect(writeText).toHaveBeenCalledWith('https://x.example/a');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a hidden textarea and execCommand without the Clipboard API', async () => {
    const { execCommand, copied } = stubExecCommand(true);

    expect(await copyText('https://x.example/a', {})).toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toEqual(['https://x.example/a']);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('falls back when the Clipboard API refuses', async () => {
    const writeText = vi.fn(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    const { execCommand } = stubExecCommand(true);

    expect(await copyText('link', { clipboard: { writeText } })).toBe(true);
    expect(execCommand).toHaveBeenCalledOnce();
  });

  it('reports failure when nothing could copy', async () => {
    stubExecCommand(false);
    expect(await copyText('link', {})).toBe(false);
    Reflect.deleteProperty(document, 'execCommand');
    // jsdom has no execCommand at all: calling it throws, which also counts as a failure.
    expect(await copyText('link', {})).toBe(false);
  });
});

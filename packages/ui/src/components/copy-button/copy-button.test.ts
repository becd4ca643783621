// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text.ts';

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('copyText', () => {
  it('uses the Clipboard API when it is there', async () => {
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText);
    const exec = vi.fn(() => true);
    document.execCommand = exec;
    await copyText('https://verdant.example/go/A1');
    expect(writeText).toHaveBeenCalledWith('https://verdant.example/go/A1');
    expect(exec).not.toHaveBeenCalled();
  });

  it('falls back to a selected textarea when the Clipboard API refuses', async () => {
    stubClipboard(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    let selected = '';
    document.execCommand = vi.fn((command: string) => {
      selected = (document.activeElement as HTMLTextAreaElement | null)?.value ?? '';
      return command === 'copy';
    });
    await copyText('GREEN-7F3K');
    expect(document.execCommand).toHaveBeenCalledWith('copy');
    expect(selected).toBe('GREEN-7F3K');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('falls back when there is no Clipboard API (insecure origin)', async () => {
    stubClipboard(undefined);
    document.execCommand = vi.fn(() => true);
    await expect(copyText('x')).resolves.toBeUndefined();
  });

  it('returns focus to where it was', async () => {
    stubClipboard(undefined);
    document.execCommand = vi.fn(() => true);
    const button = document.createElement('button');
    document.body.appendChild(button);
    button.focus();
    await copyText('x');
    expect(document.activeElement).toBe(button);
  });

  it('rejects when neither way works', async () => {
    stubClipboard(undefined);
    document.execCommand = vi.fn(() => false);
    await expect(copyText('x')).rejects.toThrow('did not allow copying');
    expect(document.querySelector('textarea')).toBeNull();
  });
});

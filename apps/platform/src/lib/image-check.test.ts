import { afterEach, describe, expect, it, vi } from 'vitest';
import { isReadablePicture } from './image-check.ts';

/** The eight bytes of PNG's signature and nothing after. */
const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], {
  type: 'image/png',
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isReadablePicture', () => {
  it('takes a file the browser decodes, and frees the decoded bitmap', async () => {
    const close = vi.fn();
    const decode = vi.fn().mockResolvedValue({ width: 1, height: 1, close });
    vi.stubGlobal('createImageBitmap', decode);
    expect(await isReadablePicture(file)).toBe(true);
    expect(decode).toHaveBeenCalledWith(file);
    expect(close).toHaveBeenCalledOnce();
  });

  it('refuses a file the browser cannot decode', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn().mockRejectedValue(new DOMException('The source image could not be decoded.')),
    );
    expect(await isReadablePicture(file)).toBe(false);
  });

  it('refuses a picture with no pixels', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn().mockResolvedValue({ width: 0, height: 0, close: vi.fn() }),
    );
    expect(await isReadablePicture(file)).toBe(false);
  });

  it('does not stop a file where the browser has no way to decode it', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    expect(await isReadablePicture(file)).toBe(true);
  });
});

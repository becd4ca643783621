import { describe, expect, it } from 'vitest';
import { checkImageBytes, imageTypeOf } from '../../src/image-bytes.ts';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])),
  );

describe('imageTypeOf', () => {
  it('knows each upload format by its first bytes', () => {
    expect(imageTypeOf(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(imageTypeOf(bytes('GIF89a'))).toBe('image/gif');
    expect(imageTypeOf(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOf(bytes(0, 0, 0, 0x1c, 'ftypavif'))).toBe('image/avif');
  });

  it('knows nothing else', () => {
    expect(imageTypeOf(bytes('hello, world'))).toBeUndefined();
    expect(imageTypeOf(bytes('<svg xmlns'))).toBeUndefined();
    expect(imageTypeOf(bytes())).toBeUndefined();
  });
});

describe('checkImageBytes', () => {
  it('passes a file whose bytes are its type, and refuses one named as another', async () => {
    const png = new Blob([bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a)], { type: 'image/png' });
    await expect(checkImageBytes('file', png, 'image/png')).resolves.toBeUndefined();
    await expect(checkImageBytes('file', png, 'image/jpeg')).rejects.toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/PNG image named as JPEG/),
    });
    const text = new Blob(['plain text'], { type: 'image/png' });
    await expect(checkImageBytes('file', text, 'image/png')).rejects.toMatchObject({
      code: 'validation_failed',
      message: expect.stringMatching(/is not an image/),
    });
  });
});

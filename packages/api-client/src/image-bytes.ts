import { invalid } from './validate.ts';

/** The image formats the uploads take, by the bytes their files start with. */
const SIGNATURES: readonly { type: string; matches: (head: Uint8Array) => boolean }[] = [
  {
    type: 'image/png',
    matches: (h) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => h[i] === b),
  },
  { type: 'image/jpeg', matches: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff },
  { type: 'image/gif', matches: (h) => /^GIF8[79]a/.test(ascii(h, 0, 6)) },
  { type: 'image/webp', matches: (h) => ascii(h, 0, 4) === 'RIFF' && ascii(h, 8, 12) === 'WEBP' },
  {
    type: 'image/avif',
    matches: (h) => ascii(h, 4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(h, 8, 12)),
  },
];

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/** The image type `head` (a file's first bytes) starts like, if any of those taken. */
export function imageTypeOf(head: Uint8Array): string | undefined {
  return SIGNATURES.find((signature) => signature.matches(head))?.type;
}

/**
 * Checks that `file` is the image its type says (the browser takes the type from the file's name,
 * so a renamed text file would claim to be a PNG): its first bytes must be that format's.
 */
export async function checkImageBytes(field: string, file: Blob, type: string): Promise<void> {
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const actual = imageTypeOf(head);
  if (actual !== type)
    invalid(
      field,
      actual
        ? `is a ${actual.slice('image/'.length).toUpperCase()} image named as ${type.slice('image/'.length).toUpperCase()}`
        : 'is not an image (its contents are not a PNG, JPEG, WebP, GIF or AVIF picture)',
    );
}

import { encode, type QrCodeGenerateOptions } from 'uqr';

export interface QrMatrix {
  /** Modules per side, including the quiet zone. */
  size: number;
  /** One SVG path drawing every dark module as a 1×1 square, in module units. */
  path: string;
}

/**
 * Encodes `value` and turns the dark modules into a single SVG path, merging horizontal runs so the
 * path stays short. The quiet zone (`border`) is part of the matrix, so scanners find the code.
 */
export function qrMatrix(
  value: string,
  options: { ecc?: QrCodeGenerateOptions['ecc']; border?: number } = {},
): QrMatrix {
  const { data, size } = encode(value, { ecc: options.ecc ?? 'M', border: options.border ?? 4 });
  const parts: string[] = [];
  data.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x += 1;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return { size, path: parts.join('') };
}

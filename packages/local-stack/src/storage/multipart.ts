// multipart/form-data uploads through busboy: the file part streams to a sink chunk by chunk (so a
// 50 MB upload never sits in memory) and every limit is enforced while reading.
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import busboy from 'busboy';

export class MultipartError extends Error {}

export interface MultipartLimits {
  /** Largest file part (bytes); `tooLarge()` is thrown beyond it. */
  fileSize: number;
  /** Largest text field (bytes). */
  fieldSize: number;
  tooLarge: () => Error;
  /** Largest text field error, by field name. */
  fieldTooLarge: (name: string) => Error;
}

export interface MultipartFile {
  /** The declared type of the file part. */
  type: string;
  size: number;
}

export interface MultipartResult {
  fields: Map<string, string>;
  /** The (only) file part, or null when there was none. */
  file: MultipartFile | null;
}

/**
 * Reads `body` (of `contentType`) as multipart/form-data. `onFile` sees the file part's declared
 * type before any of its bytes (and may refuse it by throwing); the bytes then go to `sink`,
 * awaited, so the reader applies back-pressure. One file part is allowed; text fields are kept.
 */
export function readMultipart(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  limits: MultipartLimits,
  onFile: (type: string) => void,
  sink: (chunk: Buffer) => Promise<void>,
): Promise<MultipartResult> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        limits: {
          // Busboy reports the limit when a file reaches it; one byte more is what is too large.
          fileSize: limits.fileSize + 1,
          fieldSize: limits.fieldSize,
          files: 1,
          fields: 8,
          parts: 16,
          headerPairs: 16,
        },
      });
    } catch (error) {
      reject(new MultipartError((error as Error).message));
      return;
    }
    const source = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>);
    const fields = new Map<string, string>();
    let file: MultipartFile | null = null;
    let reading: Promise<void> = Promise.resolve();
    let settled = false;

    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      reject(error instanceof Error ? error : new MultipartError(String(error)));
      // Busboy may be inside its own write when it reports a limit; stop it once that returns.
      setImmediate(() => {
        source.unpipe(parser);
        source.destroy();
        parser.destroy();
      });
    };

    parser.on('file', (_name, stream, info) => {
      const part: MultipartFile = { type: info.mimeType, size: 0 };
      file = part;
      stream.once('limit', () => fail(limits.tooLarge()));
      reading = (async () => {
        onFile(part.type);
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          part.size += chunk.length;
          await sink(chunk);
        }
      })().catch((error: unknown) => {
        stream.resume();
        fail(error);
      });
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) fail(limits.fieldTooLarge(name));
      else fields.set(name, value);
    });
    parser.on('filesLimit', () =>
      fail(new MultipartError('Only one file may be uploaded at a time')),
    );
    parser.on('fieldsLimit', () => fail(new MultipartError('Too many form fields')));
    parser.on('partsLimit', () => fail(new MultipartError('Too many parts')));
    parser.on('error', (error: Error) => fail(new MultipartError(error.message)));
    parser.on('close', () => {
      void reading.then(() => {
        if (settled) return;
        settled = true;
        resolve({ fields, file });
      });
    });
    // An error of the request body (e.g. the gateway's size limit) is passed on as it is.
    source.on('error', fail);
    source.pipe(parser);
  });
}

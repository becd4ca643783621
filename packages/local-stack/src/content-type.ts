// Content types of stored files: parsed with a WHATWG MIME parser, reduced to the validated
// essence (plus a charset for text), and served so that a browser never treats a user's upload as
// a page of the API's origin.
import { createRequire } from 'node:module';

interface ParsedMimeType {
  type: string;
  subtype: string;
  essence: string;
  parameters: Map<string, string>;
}

interface MimeTypeClass {
  parse(input: string): ParsedMimeType | null;
}

// whatwg-mimetype is CommonJS without type declarations.
const { MIMEType } = createRequire(import.meta.url)('whatwg-mimetype') as {
  MIMEType: MimeTypeClass;
};

export class InvalidContentTypeError extends Error {
  constructor(readonly input: string) {
    super(`Invalid Content-Type: ${JSON.stringify(input.slice(0, 200))}`);
  }
}

const CHARSET = /^[A-Za-z0-9][A-Za-z0-9._:+-]{0,39}$/;

/**
 * The content type to store for an upload declared as `input`: the essence, plus `charset` for
 * text types. Lists, quoted strings, parameters other than `charset`, and anything the WHATWG
 * parser rejects are refused. An empty declaration means `application/octet-stream`.
 */
export function normalizeContentType(input: string | null | undefined): string {
  const raw = (input ?? '').trim();
  if (raw === '') return 'application/octet-stream';
  if (raw.length > 255 || /[",\\]/.test(raw) || /[^\x21-\x7e ]/.test(raw))
    throw new InvalidContentTypeError(raw);
  const parsed = MIMEType.parse(raw);
  if (!parsed) throw new InvalidContentTypeError(raw);
  // A parameter the parser dropped (no "=", empty value) is as suspicious as an unknown one.
  const declaredParameters = raw.split(';').slice(1);
  if (declaredParameters.length !== parsed.parameters.size) throw new InvalidContentTypeError(raw);
  let charset: string | undefined;
  for (const [name, value] of parsed.parameters) {
    if (name !== 'charset' || !CHARSET.test(value)) throw new InvalidContentTypeError(raw);
    charset = value.toLowerCase();
  }
  return parsed.type === 'text' && charset
    ? `${parsed.essence};charset=${charset}`
    : parsed.essence;
}

/** The essence of a content type stored earlier, or `application/octet-stream` if it is not valid. */
export function essenceOf(stored: string | null | undefined): string {
  try {
    return normalizeContentType(stored).split(';')[0]!;
  } catch {
    return 'application/octet-stream';
  }
}

/** Types a browser renders as a document (and so could run script in) rather than as data. */
export function isDocumentType(essence: string): boolean {
  return (
    /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|text\/xsl|application\/xslt\+xml|text\/xsl|application\/pdf|multipart\/x-mixed-replace|text\/vtt|application\/x-shockwave-flash|text\/rdf|application\/rss\+xml|application\/atom\+xml)$/.test(
      essence,
    ) || essence.endsWith('+xml')
  );
}

/**
 * Headers that make a browser treat a stored file as data: no sniffing, no script, no plugin, a
 * unique opaque origin if it is opened anyway, and a download instead of a page for document
 * types unless the bucket lists that exact type among its allowed types.
 */
export function storedFileHeaders(
  stored: string | null | undefined,
  bucketAllowed: string[] | null,
): { contentType: string; headers: Record<string, string>; attachment: boolean } {
  let contentType: string;
  try {
    contentType = normalizeContentType(stored);
  } catch {
    contentType = 'application/octet-stream';
  }
  const essence = contentType.split(';')[0]!;
  const explicitlyAllowed = (bucketAllowed ?? []).some((type) => type.toLowerCase() === essence);
  return {
    contentType,
    attachment: isDocumentType(essence) && !explicitlyAllowed,
    headers: {
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
    },
  };
}

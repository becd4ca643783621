import { badRequest } from './errors.ts';

const JSON_CONTENT_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

const badJson = (detail: string) =>
  badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);

/**
 * Reads a JSON object body. A missing body counts as `{}` when `allowEmpty` is set (endpoints
 * whose fields are all optional); any other content type than JSON, malformed JSON or a
 * non-object body answers 400 `bad_json`.
 */
export async function readJsonObject(req: Request, { allowEmpty = false } = {}): Promise<Body> {
  const contentType = req.headers.get('content-type');
  const text = await req.text();
  if (text.trim() === '') {
    if (allowEmpty) return new Body({});
    throw badJson('unexpected end of JSON input');
  }
  if (contentType && !JSON_CONTENT_TYPE.test(contentType)) {
    throw badJson(`Content-Type must be application/json, not ${contentType.split(';')[0]}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badJson((error as Error).message);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badJson('the body must be a JSON object');
  }
  if (containsNul(value)) throw badJson('strings must not contain NUL characters');
  return new Body(value as Record<string, unknown>);
}

/** Postgres text and jsonb cannot hold U+0000, so such input is refused up front. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}

/** Typed access to the fields of a JSON body; a field of the wrong type answers 400 `bad_json`. */
export class Body {
  constructor(readonly raw: Record<string, unknown>) {}

  /** A string field; `undefined` when absent or null. */
  string(name: string): string | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'string') throw badJson(`field "${name}" must be a string`);
    return value;
  }

  boolean(name: string): boolean | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') throw badJson(`field "${name}" must be a boolean`);
    return value;
  }

  /** An object field (JSON object, not array); `undefined` when absent or null. */
  object(name: string): Record<string, unknown> | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'object' || Array.isArray(value))
      throw badJson(`field "${name}" must be an object`);
    return value as Record<string, unknown>;
  }
}

import { errorCode } from './error-code.ts';

export { errorCode };

/** Words for the parts of field names that are not words on their own. */
const FIELD_WORDS: Record<string, string> = { url: 'URL', id: 'ID', bps: '(basis points)' };

/** A field path of the API client's checks in words: `link.destination_url` → "Destination URL". */
export function fieldLabel(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last
    .split('_')
    .filter(Boolean)
    .map((word) => FIELD_WORDS[word] ?? word);
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The auth server's codes whose own messages are written for developers, in words for people. */
const CODE_MESSAGES: Readonly<Record<string, string>> = {
  mfa_verification_failed:
    'That code is not right. Enter the 6-digit code your authenticator app shows now.',
};

/**
 * A readable message from an error thrown by the API client. Its input checks name the field by
 * its path (`profile.name must not be empty`); they are told with the field in words instead
 * ("Name must not be empty").
 */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong. Try again.',
): string {
  if (!(error instanceof Error) || !error.message) return fallback;
  const told = CODE_MESSAGES[errorCode(error) ?? ''];
  if (told) return told;
  const check = inputCheck(error);
  return check ? `${fieldLabel(check.field)} ${check.reason}` : error.message;
}

/** The field path and reason of an input check the API client failed, or undefined. */
function inputCheck(error: unknown): { field: string; reason: string } | undefined {
  const { code, details } = (error ?? {}) as { code?: unknown; details?: unknown };
  const { field, reason } = (details ?? {}) as { field?: unknown; reason?: unknown };
  if (code !== 'validation_failed' || typeof field !== 'string') return undefined;
  return { field, reason: typeof reason === 'string' ? reason : 'is not valid' };
}

/**
 * Whether a public page's read says there is no such page: the API client's `not_found`, or
 * `validation_failed` for a name that no page can have. Read from the error's code, so a page
 * need not load the client's error class to tell.
 */
export function isMissingPage(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'not_found' || code === 'validation_failed';
}

/**
 * The field an input check of the API client failed on, as the last part of its path
 * (`link_page_item.url` → `url`), so a form can put the message next to that field; undefined for
 * any other error.
 */
export function errorField(error: unknown): string | undefined {
  return inputCheck(error)?.field.split('.').pop();
}

/**
 * A form's own words for the API client's checks of its fields: per field, the message for a
 * check's reason (`must not be empty`, `must be at most 200 characters`), or undefined to keep the
 * client's message with the field in words.
 */
export type FieldWords<F extends string> = Partial<
  Record<F, (reason: string) => string | undefined>
>;

/**
 * The words of a free-text field that the form only sends filled in (`what`: "your message").
 * There the client's "must not be empty" means its sanitiser removed everything the box held (a
 * `<script>` element, say): "Body must not be empty" under a box full of text tells nobody what to
 * do. A length check (of the sanitised text, which a box's own maxLength cannot always keep: a
 * "data:" in it becomes "blocked") is told as the most the field takes.
 */
export function plainTextWords(what: string): (reason: string) => string | undefined {
  return (reason) => {
    if (reason === 'must not be empty')
      return `Write ${what} as plain text: markup is removed, and nothing would be left`;
    const most = /^must be at most (\d+) characters$/.exec(reason)?.[1];
    if (most)
      return `Shorten ${what} to at most ${Number(most).toLocaleString('en-US')} characters`;
    return undefined;
  };
}

/**
 * A failed submit as a form shows it: the message, and which of the form's `fields` it belongs
 * next to (undefined: it goes in the form's error card). A check of a field with `words` is told
 * in those words when they have any for its reason.
 */
export function formError<F extends string>(
  error: unknown,
  fields: readonly F[],
  words: FieldWords<F> = {},
): { field: F | undefined; message: string } {
  const check = inputCheck(error);
  const field = fields.find((f) => f === check?.field.split('.').pop());
  const told = field && check ? words[field]?.(check.reason) : undefined;
  return { field, message: told ?? errorMessage(error) };
}

/**
 * The backend's own code of an error the API client passed on (`upstreamCode`: an edge
 * function's `error.code`, a Postgres SQLSTATE), read without loading the client's error class.
 */
export function upstreamCode(error: unknown): string | undefined {
  const code = (error as { upstreamCode?: unknown } | null | undefined)?.upstreamCode;
  return typeof code === 'string' ? code : undefined;
}

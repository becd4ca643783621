import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bearerToken } from '@verdant/validation';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for, e.g. `recovery`, `email_change`. */
  type: string;
}

export interface Mail extends OutgoingMail {
  id: string;
  /** ISO timestamp. */
  sentAt: string;
}

export interface Outbox {
  send(mail: OutgoingMail): Promise<void>;
  /** Every mail, newest first. */
  list(): Promise<Mail[]>;
  /**
   * `GET …/outbox` → an HTML page of the mails, newest first; `GET …/outbox/messages` → JSON
   * (`?to=<address>` filters by recipient). Answers only a caller holding the service-role key
   * (`apikey` or bearer) or the stack's outbox token (`?token=` or `x-outbox-token`), and never a
   * browser on another origin.
   */
  handle(req: Request): Promise<Response>;
}

/** Who may read the outbox over HTTP. Without it the outbox answers nobody. */
export interface OutboxAccess {
  serviceRoleKey: string;
  /** A per-stack secret printed at start, for opening the outbox in a browser. */
  token: string;
}

/** A fresh outbox token (printed at start, kept in stack.json). */
export const newOutboxToken = () => randomBytes(24).toString('base64url');

const digest = (value: string) => createHash('sha256').update(value).digest();
const sameSecret = (given: string | null | undefined, secret: string) =>
  !!given && !!secret && timingSafeEqual(digest(given), digest(secret));

/** Why `req` may not read the outbox, or null when it may. */
function refusal(req: Request, access: OutboxAccess | undefined): Response | null {
  const url = new URL(req.url);
  // A browser page of another origin (or an opaque, sandboxed one) never reads the mails.
  const site = req.headers.get('sec-fetch-site');
  const origin = req.headers.get('origin');
  if ((site && site !== 'same-origin' && site !== 'none') || (origin && origin !== url.origin)) {
    return Response.json({ message: 'The outbox does not answer other origins' }, { status: 403 });
  }
  const bearer = bearerToken(req.headers.get('authorization'));
  const allowed =
    !!access &&
    (sameSecret(req.headers.get('apikey'), access.serviceRoleKey) ||
      sameSecret(bearer, access.serviceRoleKey) ||
      sameSecret(url.searchParams.get('token'), access.token) ||
      sameSecret(req.headers.get('x-outbox-token'), access.token));
  if (allowed) return null;
  return Response.json(
    {
      message: "The outbox needs the service role key or the stack's outbox token",
      hint: 'Open the outbox link printed when the stack started, or send the service role key as apikey.',
    },
    { status: 401, headers: { 'www-authenticate': 'Bearer' } },
  );
}

/**
 * The local mail outbox: instead of sending mail, the stack appends each message to
 * `<dataDir>/outbox.jsonl`, where the browser (and tests) can read it.
 */
export function createOutbox(dataDir: string, access?: OutboxAccess): Outbox {
  const file = join(dataDir, 'outbox.jsonl');
  let writing: Promise<void> = Promise.resolve();

  const list = async (): Promise<Mail[]> => {
    await writing;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Mail)
      .reverse();
  };

  return {
    send(mail) {
      const entry: Mail = { id: randomUUID(), sentAt: new Date().toISOString(), ...mail };
      const written = writing.then(async () => {
        await mkdir(dataDir, { recursive: true });
        await appendFile(file, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
      });
      writing = written.catch(() => undefined);
      return written;
    },
    list,
    async handle(req) {
      const url = new URL(req.url);
      const refused = refusal(req, access);
      if (refused) return refused;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        return Response.json(
          { message: 'Method not allowed' },
          { status: 405, headers: { allow: 'GET, HEAD' } },
        );
      }
      const to = url.searchParams.get('to');
      const mails = (await list()).filter(
        (mail) => !to || mail.to.toLowerCase() === to.toLowerCase(),
      );
      if (/\/outbox\/messages\/?$/.test(url.pathname))
        return Response.json(mails, { headers: { 'cache-control': 'no-store' } });
      if (/\/outbox\/?$/.test(url.pathname)) {
        return new Response(renderPage(mails), {
          headers: {
            'content-type': 'text/html; charset=utf-8',
            'content-security-policy':
              "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
            'x-content-type-options': 'nosniff',
            'referrer-policy': 'no-referrer',
            'cache-control': 'no-store',
          },
        });
      }
      return Response.json({ message: 'Not found' }, { status: 404 });
    },
  };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Plain text with http(s) links made clickable. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (link) => `<a href="${link}">${link}</a>`);

function renderPage(mails: Mail[]): string {
  const items = mails
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject)}</h2>
  <p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.type)} · <time datetime="${mail.sentAt}">${mail.sentAt}</time></p>
  <pre>${linkify(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Verdant local stack</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 48rem; padding: 2rem 1rem; background: #0f1512; color: #e6efe9; }
  a { color: #7ee2a8; }
  article { border: 1px solid #2c3a33; border-radius: 8px; padding: 1rem; margin-bottom: 1rem; }
  h2 { margin: 0 0 .25rem; font-size: 1.1rem; }
  .meta { margin: 0 0 .75rem; color: #a5b8ad; font-size: .9rem; }
  pre { white-space: pre-wrap; word-break: break-word; margin: 0; font: inherit; }
</style>
</head>
<body>
<h1>Outbox</h1>
<p>Mails the local stack would have sent, newest first.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>
`;
}

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';

export interface WebServerOptions {
  /** Build output of the platform app (`apps/platform/dist`). */
  platformRoot: string;
  /** Build output of the one-sheets app (`apps/one-sheets/dist`). */
  oneSheetsRoot: string;
  apiUrl: string;
  anonKey: string;
}

/** Paths the one-sheets app serves (each also with `/print`). */
export const ONE_SHEET_PATHS = [
  '/vendor-one-sheet',
  '/affiliate-one-sheet',
  '/one-sheet',
  '/presentation',
  '/investors',
];

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
};

export function isOneSheetPath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return ONE_SHEET_PATHS.some((base) => trimmed === base || trimmed === `${base}/print`);
}

/** Security headers for every HTML response. */
function htmlHeaders(apiUrl: string): Record<string, string> {
  const api = new URL(apiUrl);
  const ws = `ws://${api.host}`;
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: https: ${api.origin}`,
      "font-src 'self' data:",
      `connect-src 'self' ${api.origin} ${ws}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'cache-control': 'no-cache',
  };
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** `root` + URL path, or undefined when the path would leave `root`. */
function inside(root: string, pathname: string): string | undefined {
  const file = path.join(root, pathname);
  return file === root || file.startsWith(root + path.sep) ? file : undefined;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function statusPage(opts: WebServerOptions): string {
  const api = escapeHtml(opts.apiUrl);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Verdant local stack</title>
<style>
html { color-scheme: dark; background: #111113; }
body { font: 16px/1.5 system-ui, sans-serif; max-width: 42rem; margin: 3rem auto; padding: 0 1rem; color: #edeef0; }
a { color: #58d5ba; }
code { background: #1e2a26; padding: 0.1rem 0.3rem; border-radius: 4px; }
li { margin: 0.4rem 0; }
</style>
</head>
<body>
<h1>Verdant local stack</h1>
<p>The backend is running, but no app has been built yet, so there is nothing to show here.
When <code>apps/platform</code> (and <code>apps/one-sheets</code>) have builds, this server serves them.</p>
<h2>Running services</h2>
<ul>
<li>API (Supabase-compatible: <code>/auth/v1</code>, <code>/rest/v1</code>, <code>/storage/v1</code>, <code>/functions/v1</code>): <code>${api}</code></li>
<li>Health: <a href="${api}/health">${api}/health</a></li>
<li>Mail outbox (confirmation and recovery mails): <a href="${api}/outbox">${api}/outbox</a></li>
</ul>
<h2>Components</h2>
<p>Run <code>npm run storybook</code> in the repository and open <code>http://localhost:6006</code> to browse the UI components.</p>
</body>
</html>
`;
}

/**
 * The web server: serves the built apps with SPA fallback (the one-sheet paths from the
 * one-sheets build, everything else from the platform build), security headers on HTML, and
 * `/verdant-config.json` with the API URL and anon key for the apps. Without any build it shows
 * a page listing the running services.
 */
export function createWebServer(opts: WebServerOptions): http.Server {
  const platformRoot = path.resolve(opts.platformRoot);
  const oneSheetsRoot = path.resolve(opts.oneSheetsRoot);
  const security = htmlHeaders(opts.apiUrl);

  const sendFile = async (
    req: IncomingMessage,
    res: ServerResponse,
    file: string,
    status = 200,
  ) => {
    const ext = path.extname(file).toLowerCase();
    const type = CONTENT_TYPES[ext] ?? 'application/octet-stream';
    const info = await stat(file);
    const headers: Record<string, string | number> = {
      'content-type': type,
      'content-length': info.size,
    };
    if (ext === '.html') Object.assign(headers, security);
    else if (/\/assets\//.test(file))
      headers['cache-control'] = 'public, max-age=31536000, immutable';
    else headers['cache-control'] = 'public, max-age=300';
    headers['x-content-type-options'] = 'nosniff';
    res.writeHead(status, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed');
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://web.local').pathname);
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Malformed URL');
      return;
    }
    if (pathname.includes('\0')) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Malformed URL');
      return;
    }
    if (pathname === '/verdant-config.json') {
      const body = JSON.stringify({ apiUrl: opts.apiUrl, anonKey: opts.anonKey });
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }

    const platformIndex = path.join(platformRoot, 'index.html');
    const oneSheetsIndex = path.join(oneSheetsRoot, 'index.html');
    const [hasPlatform, hasOneSheets] = await Promise.all([
      isFile(platformIndex),
      isFile(oneSheetsIndex),
    ]);

    if (isOneSheetPath(pathname) && hasOneSheets) return sendFile(req, res, oneSheetsIndex);

    // Static files: the platform build first, then the one-sheets build.
    if (pathname !== '/') {
      for (const root of [platformRoot, oneSheetsRoot]) {
        const file = inside(root, pathname);
        if (file && (await isFile(file))) return sendFile(req, res, file);
      }
    }

    if (hasPlatform) {
      // A missing file with an extension is a 404, not the app (keeps broken asset links visible).
      if (path.extname(pathname) && pathname !== '/index.html') {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not found');
        return;
      }
      return sendFile(req, res, platformIndex);
    }
    if (hasOneSheets && pathname === '/') return sendFile(req, res, oneSheetsIndex);

    const page = statusPage(opts);
    res.writeHead(pathname === '/' ? 200 : 404, {
      ...security,
      'content-type': 'text/html; charset=utf-8',
      'content-length': Buffer.byteLength(page),
    });
    res.end(req.method === 'HEAD' ? undefined : page);
  };

  return http.createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal error');
      } else res.destroy();
    });
  });
}

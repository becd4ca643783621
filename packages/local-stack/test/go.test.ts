import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPlainHandler } from '../../../supabase/functions/go/handler.ts';
import { startStack } from '../src/stack.ts';
import { startTestStack, type RunningStack } from '../src/testing.ts';
import { createWorld, eventually, link, type World } from './go-world.ts';

// The /go/{code} tracker through the web server (port 3000 in production terms) and the
// functions gateway, against a real stack.

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

let stack: RunningStack;
let world: World;

beforeAll(async () => {
  stack = await startTestStack({
    seed: false,
    env: {
      GO_LINK_REFRESH_MS: '200',
      GO_FLUSH_INTERVAL_MS: '50',
      TRUSTED_COUNTRY_HEADER: 'cf-ipcountry',
    },
  });
  world = await createWorld(stack, { cookieDays: 7 });
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

function go(code: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  return fetch(`${stack.webUrl}/go/${code}`, {
    redirect: 'manual',
    ...init,
    headers: { 'user-agent': BROWSER, ...init.headers },
  });
}

async function clicks(linkId: string) {
  const { rows } = await stack.pool.query<{
    public_id: string;
    visitor_hash: string;
    referrer: string | null;
    device: string;
    browser: string | null;
    is_bot: boolean;
    is_unique: boolean;
  }>('select * from public.link_clicks where link_id = $1 order by id', [linkId]);
  return rows;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('/go/{code}', () => {
  it('redirects at once, sets the attribution cookie and records the click afterwards', async () => {
    const { id, code } = await link(stack, world.affiliateA.id, world.programId, '/shop?c=1');
    const res = await go(code, { headers: { referer: 'https://social.example.com/post/1' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${stack.webUrl}/shop?c=1`);
    const cookie = res.headers.get('set-cookie') ?? '';
    const clickId = /^verdant_ref=([0-9a-f-]{36});/.exec(cookie)?.[1];
    expect(clickId).toBeDefined();
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain(`Max-Age=${7 * 86_400}`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure'); // localhost
    expect(cookie).not.toMatch(/Domain=/i); // first-party, the site's own host

    const rows = await eventually(
      () => clicks(id),
      (r) => r.length === 1,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      public_id: clickId,
      referrer: 'social.example.com',
      device: 'desktop',
      browser: 'Chrome',
      is_bot: false,
      is_unique: true,
    });
    // The raw IP is never stored: the visitor is a salted hash.
    expect(rows[0]!.visitor_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { rows: columns } = await stack.pool.query(
      `select column_name from information_schema.columns
       where table_schema = 'public' and table_name = 'link_clicks' and column_name ~ 'ip'`,
    );
    expect(columns).toEqual([]);
  });

  it('is also reachable through {apiUrl}/functions/v1/go/{code}', async () => {
    const res = await fetch(`${stack.apiUrl}/functions/v1/go/${world.linkB.code}`, {
      redirect: 'manual',
      headers: { 'user-agent': PHONE },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${stack.webUrl}/shop`);
    const rows = await eventually(
      () => clicks(world.linkB.id),
      (r) => r.length === 1,
    );
    expect(rows[0]).toMatchObject({ device: 'mobile', browser: 'Mobile Safari' });
  });

  it('stores the country only from the trusted header, and only a valid code', async () => {
    const { id, code } = await link(stack, world.affiliateA.id, world.programId);
    await go(code, { headers: { 'cf-ipcountry': 'de' } });
    await go(code, { headers: { 'cf-ipcountry': 'not a country', 'user-agent': PHONE } });
    await go(code, { headers: { 'x-country': 'FR', 'user-agent': `${BROWSER} other` } });
    const rows = await eventually(
      () => clicks(id),
      (r) => r.length === 3,
    );
    expect(rows.map((r) => (r as { country?: string | null }).country)).toEqual(['DE', null, null]);
  });

  it('does not count HEAD requests, bots and repeats within the hour, but redirects them all', async () => {
    const { id, code } = await link(
      stack,
      world.affiliateA.id,
      world.programId,
      'https://shop.example.org/x',
    );
    const head = await go(code, { method: 'HEAD' });
    expect(head.status).toBe(302);
    expect(head.headers.get('location')).toBe('https://shop.example.org/x');
    expect(head.headers.get('set-cookie')).toBeNull();

    for (const agent of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Twitterbot/1.0',
      'curl/8.5.0',
    ]) {
      const res = await go(code, { headers: { 'user-agent': agent } });
      expect(res.status).toBe(302);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const first = await go(code);
    const repeat = await go(code);
    expect(first.status).toBe(302);
    expect(repeat.status).toBe(302);
    // Another visitor (other user agent) counts.
    await go(code, { headers: { 'user-agent': PHONE } });

    const rows = await eventually(
      () => clicks(id),
      (r) => r.length === 8,
    );
    expect(rows).toHaveLength(8); // HEAD is not stored at all
    expect(rows.filter((r) => r.is_bot)).toHaveLength(5);
    expect(rows.filter((r) => r.is_unique)).toHaveLength(2);
    expect(rows.every((r) => !r.is_bot || !r.is_unique)).toBe(true);
    const { rows: daily } = await stack.pool.query(
      'select clicks, unique_clicks, bot_clicks from public.link_click_daily where link_id = $1',
      [id],
    );
    // Bots are stored but are not clicks: three clicks by people (a repeat among them), two counted.
    expect(daily).toEqual([{ clicks: 3, unique_clicks: 2, bot_clicks: 5 }]);
  });

  it('answers unknown, malformed, disabled and expired codes with the dark 404 page, never a redirect', async () => {
    const disabled = await link(stack, world.affiliateA.id, world.programId);
    const expired = await link(stack, world.affiliateA.id, world.programId);
    await stack.pool.query('update public.affiliate_links set is_active = false where id = $1', [
      disabled.id,
    ]);
    await stack.pool.query(
      `update public.affiliate_links set expires_at = now() - interval '1 minute' where id = $1`,
      [expired.id],
    );
    for (const code of ['nope-nope', 'x', '%3Cscript%3E', disabled.code, expired.code]) {
      const res = await go(code);
      expect(res.status).toBe(404);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('set-cookie')).toBeNull();
      const body = await res.text();
      expect(body).toContain("This link isn't available");
      expect(body).toContain('color-scheme: dark');
      expect(body).toContain(`href="${stack.webUrl}"`);
    }
  });

  it('stops redirecting within the refresh interval once a link is disabled, and follows a new destination', async () => {
    const { id, code } = await link(stack, world.affiliateA.id, world.programId);
    expect((await go(code)).headers.get('location')).toBe(`${stack.webUrl}/shop`);
    await stack.pool.query(
      `update public.affiliate_links set destination_url = '/products' where id = $1`,
      [id],
    );
    // After the refresh interval (200 ms here), a request may still get the cached answer while it
    // refreshes the entry in the background; the ones after it get the new one. Within 5 s, far
    // inside the 30 s cache lifetime.
    const location = await eventually(
      async () => (await go(code)).headers.get('location'),
      (value) => value === `${stack.webUrl}/products`,
      5_000,
    );
    expect(location).toBe(`${stack.webUrl}/products`);
    await stack.pool.query('update public.affiliate_links set is_active = false where id = $1', [
      id,
    ]);
    const status = await eventually(
      async () => (await go(code)).status,
      (value) => value === 404,
      5_000,
    );
    expect(status).toBe(404);
  });

  it('keeps answering cached links while the database cannot be reached, and catches up after', async () => {
    // The tracker reaches the API through a switch that can make it unreachable.
    let down = false;
    const refused: string[] = [];
    const target = new URL(stack.apiUrl);
    const proxy = createServer((req, res) => {
      if (down) {
        refused.push(req.url ?? '');
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end('{"message":"unreachable"}');
        return;
      }
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers))
          if (typeof value === 'string' && name !== 'host' && name !== 'connection')
            headers.set(name, value);
        void fetch(new URL(req.url ?? '/', target), {
          method: req.method,
          headers,
          body: chunks.length ? Buffer.concat(chunks) : undefined,
        }).then(async (answer) => {
          res.writeHead(answer.status, {
            'content-type': answer.headers.get('content-type') ?? '',
          });
          res.end(Buffer.from(await answer.arrayBuffer()));
        });
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const env: Record<string, string> = {
      SUPABASE_URL: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey,
      SITE_URL: stack.webUrl,
      GO_LINK_REFRESH_MS: '100',
      GO_FLUSH_INTERVAL_MS: '50',
    };
    // The tracker reports the outage on stderr; kept here to check it.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reported: string[] = [];
    const tracker = createPlainHandler({ get: (name) => env[name] });
    const redirected = new Map<string, number>();
    const request = async (code: string) => {
      const answer = await tracker({
        method: 'GET',
        url: `${stack.webUrl}/go/${code}`,
        header: (name) => (name === 'user-agent' ? BROWSER : null),
      });
      if (answer.status === 302) redirected.set(code, (redirected.get(code) ?? 0) + 1);
      return answer;
    };
    const cached = await link(stack, world.affiliateA.id, world.programId);
    const unseen = await link(stack, world.affiliateA.id, world.programId);
    try {
      expect((await request(cached.code)).status).toBe(302);

      down = true;
      for (let i = 0; i < 3; i += 1) {
        await sleep(150);
        expect((await request(cached.code)).status).toBe(302);
      }
      // A link it has not seen yet cannot be looked up: 503 with Retry-After, no redirect.
      const unavailable = await request(unseen.code);
      expect(unavailable.status).toBe(503);
      expect(unavailable.headers['Retry-After']).toBe('5');
      // …at once: the visitor does not wait for the API client's retries.
      expect(refused.filter((url) => url.includes(unseen.code))).toHaveLength(1);

      down = false;
      await stack.pool.query('update public.affiliate_links set is_active = false where id = $1', [
        cached.id,
      ]);
      const status = await eventually(
        async () => (await request(cached.code)).status,
        (value) => value === 404,
        5_000,
      );
      expect(status).toBe(404);
      expect((await request(unseen.code)).status).toBe(302);
    } finally {
      await tracker.close?.();
      await new Promise((resolve) => proxy.close(resolve));
      reported.push(...logged.mock.calls.map((call) => String(call[0])));
      logged.mockRestore();
    }
    expect(reported.some((line) => line.includes('link lookup failed'))).toBe(true);
    expect(reported.some((line) => line.includes('click flush failed'))).toBe(true);
    // Every redirect's click, those of the outage included, was written once the API answered
    // again (404 and 503 answers record none).
    expect((await clicks(cached.id)).length).toBe(redirected.get(cached.code));
    expect(redirected.get(cached.code)).toBeGreaterThanOrEqual(4);
    expect((await clicks(unseen.id)).length).toBe(1);
  });

  it('refuses unsafe destinations when a link is created or changed', async () => {
    for (const destination of [
      'javascript:alert(1)',
      'data:text/html,hi',
      'https://user:secret@example.com/',
      '//evil.example.com',
      '/\\evil.example.com',
    ]) {
      await expect(link(stack, world.affiliateA.id, world.programId, destination)).rejects.toThrow(
        /check constraint/,
      );
    }
    await expect(
      stack.pool.query(
        `update public.affiliate_links set destination_url = 'javascript:x' where id = $1`,
        [world.linkA.id],
      ),
    ).rejects.toThrow(/check constraint/);
  });

  it('flushes a full batch at once, without waiting for the timer', async () => {
    const own = await startTestStack({
      seed: false,
      env: { GO_FLUSH_INTERVAL_MS: '600000', GO_BATCH_SIZE: '5' },
    });
    try {
      const w = await createWorld(own);
      for (let i = 0; i < 12; i += 1) {
        const res = await fetch(`${own.webUrl}/go/${w.linkA.code}`, {
          redirect: 'manual',
          headers: { 'user-agent': `${BROWSER} batch-${i}` },
        });
        expect(res.status).toBe(302);
      }
      const count = await eventually(
        async () =>
          (
            await own.pool.query<{ n: number }>(
              'select count(*)::int as n from public.link_clicks where link_id = $1',
              [w.linkA.id],
            )
          ).rows[0]!.n,
        (n) => n >= 10,
      );
      expect(count).toBeGreaterThanOrEqual(10);
    } finally {
      await own.stop();
    }
  }, 240_000);

  it("writes the clicks still buffered when the stack stops (SIGTERM), minus a deleted link's", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'verdant-go-stop-'));
    const options = { dataDir, apiPort: 0, webPort: 0, quiet: true, ephemeral: true, seed: false };
    try {
      // A flush interval far longer than the test: only the shutdown flush can write them.
      const first = await startStack({
        ...options,
        env: { GO_FLUSH_INTERVAL_MS: '600000', GO_BATCH_SIZE: '100000' },
      });
      const w = await createWorld(first);
      for (let i = 0; i < 25; i += 1) {
        // Every fifth visitor also follows link B, which is deleted before the flush.
        for (const code of i % 5 === 0 ? [w.linkA.code, w.linkB.code] : [w.linkA.code]) {
          const res = await fetch(`${first.webUrl}/go/${code}`, {
            redirect: 'manual',
            headers: { 'user-agent': `${BROWSER} visitor-${i}` },
          });
          expect(res.status).toBe(302);
        }
      }
      const { rows: before } = await first.pool.query<{ n: number }>(
        'select count(*)::int as n from public.link_clicks where link_id = $1',
        [w.linkA.id],
      );
      expect(before[0]!.n).toBe(0);
      // A deleted link's clicks can never be written; they must not take link A's with them.
      await first.pool.query('delete from public.affiliate_links where id = $1', [w.linkB.id]);
      await first.stop(); // what SIGTERM runs

      const second = await startStack(options);
      try {
        const { rows: after } = await second.pool.query<{ n: number; unique: number }>(
          `select count(*)::int as n, count(*) filter (where is_unique)::int as unique
           from public.link_clicks where link_id = $1`,
          [w.linkA.id],
        );
        expect(after[0]).toEqual({ n: 25, unique: 25 });
      } finally {
        await second.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

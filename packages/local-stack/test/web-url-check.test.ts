import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type RunningStack } from '../src/testing.ts';
import { createUser, type TestUser } from './helpers.ts';

// The database's check of web addresses (public.is_web_or_site_url, migration
// 20261130001000_web_url_no_whitespace.sql), through PostgREST as the app writes them: what a
// browser makes of a space in the host, and whitespace or invisible characters anywhere, never
// reach a stored link.

let stack: RunningStack;
let owner: TestUser;
let pageId: string;

/** PostgREST as the signed-in owner. */
const rest = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.apiUrl}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: stack.anonKey,
      authorization: `Bearer ${owner.token}`,
      'content-type': 'application/json',
      prefer: 'return=representation',
    },
  });

/** Adds a plain link to the owner's page; resolves with the HTTP status and PostgREST's code. */
async function addLink(url: string): Promise<{ status: number; code?: string }> {
  const res = await rest('link_page_items', {
    method: 'POST',
    body: JSON.stringify({ page_id: pageId, kind: 'link', label: 'Shop', url }),
  });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: res.ok ? undefined : body.code };
}

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  owner = await createUser(stack);
  const res = await rest('link_pages', {
    method: 'POST',
    body: JSON.stringify({ owner_id: owner.id, title: 'My links' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  pageId = ((await res.json()) as [{ id: string }])[0].id;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('web addresses in the database', () => {
  it.each([
    'https://shop.example.com/p/1?utm=x',
    'http://localhost:3000/x',
    'http://[::1]:8080/',
    'https://user:p%40ss@example.com/a%20b',
    'https://xn--bcher-kva.example/',
    '/images/products/bamboo-brush.svg',
  ])('stores %j', async (url) => {
    expect(await addLink(url)).toEqual({ status: 201 });
  });

  it.each([
    'https://ex%20ample.com/', // what Chromium's URL parser makes of "https://ex ample.com"
    'https://ex%41mple.com/',
    'https://ex ample.com',
    'https://example.com/a b',
    'https://ex\u00a0ample.com/',
    'https://ex\u3000ample.com/',
    'https://example.com/\u2028',
    'https://ex\u200bample.com/',
    'https://ex\u00adample.com/',
    'https://example.com/\u202ecod.exe',
    'https://example.com/\ufeff',
    'https://example.com/\u0001',
    'https://example.com/\u007f',
    'https://example.com/\u0085',
    '/a\u200bb',
  ])('refuses %j with a check violation', async (url) => {
    expect(await addLink(url)).toEqual({ status: 400, code: '23514' });
  });

  it('the check is the function, with the signature the types were generated from', async () => {
    const { rows } = await stack.pool.query<{ ok: boolean; bad: boolean }>(
      `select public.is_web_or_site_url('https://example.com/') as ok,
              public.is_web_or_site_url('https://ex%20ample.com/') as bad`,
    );
    expect(rows).toEqual([{ ok: true, bad: false }]);
  });
});

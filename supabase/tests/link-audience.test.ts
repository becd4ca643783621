// link_audience(link_id, days): an Affiliate Pro subscriber's clicks by device, browser, country
// and referring site, counted as the daily roll-ups count them (bots excluded, unique clicks one
// per link, visitor and hour), for one of their links or all of them; refused with PT403 (HTTP
// 403) without the plan, PT404 for a link not theirs, 22023 for a window outside 1–90 days, and
// not callable by visitors.
import { randomUUID } from 'node:crypto';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, signedInClient } from './support/clients.ts';
import { tryQuery, withClient } from './support/db.ts';
import { EMAIL, ID, PASSWORD, fixtureSql } from './support/fixture.ts';
import { createUser } from './support/users.ts';

let stack: RunningStack;
/** A (Affiliate Pro in the fixture), B (Merchant Starter only: no Affiliate Pro), the admin. */
let a: SupabaseClient;
let b: SupabaseClient;
let admin: SupabaseClient;

const LINK_A2 = '00000000-0000-4000-8000-00000000f001';
const PRO_REFUSAL =
  'Click analytics by device, browser, country and referring site come with Affiliate Pro';

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
  // A's second link, and clicks on both (the fixture already has one: A's link, an hour ago, a
  // phone with no browser, country or referrer). In time order, so the insert trigger marks the
  // unique (counted) clicks as the tracker's inserts do.
  await stack.pool.query(`
    insert into public.affiliate_links (id, code, affiliate_id, program_id, destination_url)
    values ('${LINK_A2}', 'matrix-a2', '${ID.A}', '${ID.program}', '/shop');
    insert into public.link_clicks (link_id, clicked_at, visitor_hash, device, browser, country, referrer, is_bot)
    select v.link_id::uuid, now() - v.ago::interval, v.visitor, v.device, v.browser, v.country, v.referrer, v.bot
    from (values
      ('${ID.linkA}', '40 days', 'audience-visitor-05', 'desktop', 'Firefox', 'FR', 'duckduckgo.com', false),
      ('${ID.linkA}', '3 days 2 hours', 'audience-visitor-03', 'tablet', null, null, null, false),
      ('${ID.linkA}', '3 days', 'audience-visitor-02', 'mobile', 'Mobile Safari', 'US', 'https://www.instagram.com/p/xyz?utm=1', false),
      ('${ID.linkA}', '2 days', 'audience-visitor-01', 'desktop', 'Chrome', 'DE', 'www.google.com', false),
      ('${ID.linkA}', '1 day 23 hours 50 minutes', 'audience-visitor-01', 'desktop', 'Chrome', 'DE', 'google.com', false),
      ('${LINK_A2}', '1 day 12 hours', 'audience-visitor-06', 'mobile', 'Firefox', 'GB', 'newsletter.example', false),
      ('${ID.linkA}', '1 day', 'audience-bot-000001', 'bot', 'Slackbot', 'US', 'slack.com', true),
      ('${LINK_A2}', '20 hours', 'audience-bot-000002', 'bot', null, null, null, true)
    ) as v(link_id, ago, visitor, device, browser, country, referrer, bot)
    order by now() - v.ago::interval;
  `);
  [a, b, admin] = await Promise.all([
    signedInClient(stack, EMAIL.A, PASSWORD),
    signedInClient(stack, EMAIL.B, PASSWORD),
    signedInClient(stack, EMAIL.admin, PASSWORD),
  ]);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

interface AudienceRow {
  dimension: string;
  value: string;
  clicks: number;
  unique_clicks: number;
}

/** The rows of one dimension as [value, clicks, unique_clicks], in the order answered. */
const rowsOf = (rows: AudienceRow[], dimension: string) =>
  rows.filter((r) => r.dimension === dimension).map((r) => [r.value, r.clicks, r.unique_clicks]);

async function audience(
  client: SupabaseClient,
  args: { link_id?: string; days?: unknown },
): Promise<AudienceRow[]> {
  const { data, error, status } = await client.rpc('link_audience', args);
  if (error) throw Object.assign(new Error(error.message), { ...error, status });
  return data as AudienceRow[];
}

describe('link_audience', () => {
  it("groups one link's clicks by device, browser, country and site, bots out, uniques counted", async () => {
    const rows = await audience(a, { link_id: ID.linkA, days: 30 });
    expect(rowsOf(rows, 'device')).toEqual([
      ['desktop', 2, 1],
      ['mobile', 2, 2],
      ['tablet', 1, 1],
    ]);
    expect(rowsOf(rows, 'browser')).toEqual([
      ['Chrome', 2, 1],
      ['unknown', 2, 2],
      ['Mobile Safari', 1, 1],
    ]);
    expect(rowsOf(rows, 'country')).toEqual([
      ['DE', 2, 1],
      ['unknown', 2, 2],
      ['US', 1, 1],
    ]);
    // A host and a whole address of the same site are one site; "www." is not a site of its own.
    expect(rowsOf(rows, 'referrer')).toEqual([
      ['google.com', 2, 1],
      ['unknown', 2, 2],
      ['instagram.com', 1, 1],
    ]);
    expect(rows.map((r) => r.dimension)).toEqual([
      ...Array(3).fill('browser'),
      ...Array(3).fill('country'),
      ...Array(3).fill('device'),
      ...Array(3).fill('referrer'),
    ]);
  });

  it('adds up to the daily roll-ups of the same window, in every dimension', async () => {
    for (const days of [1, 30, 90]) {
      const rows = await audience(a, { days });
      const { rows: daily } = await stack.pool.query<{ clicks: number; unique_clicks: number }>(
        `select coalesce(sum(d.clicks), 0)::int as clicks, coalesce(sum(d.unique_clicks), 0)::int as unique_clicks
         from public.link_click_daily d
         where d.link_id in ($1, $2) and d.day >= (now() at time zone 'UTC')::date - ($3::int - 1)`,
        [ID.linkA, LINK_A2, days],
      );
      for (const dimension of ['device', 'browser', 'country', 'referrer']) {
        const of = rows.filter((r) => r.dimension === dimension);
        expect(
          of.reduce((sum, r) => sum + r.clicks, 0),
          `${dimension}, ${days} days`,
        ).toBe(daily[0]!.clicks);
        expect(of.reduce((sum, r) => sum + r.unique_clicks, 0)).toBe(daily[0]!.unique_clicks);
      }
    }
  });

  it("answers all the caller's links without a link, and only the window asked for", async () => {
    const all = await audience(a, {});
    expect(rowsOf(all, 'device')).toEqual([
      ['mobile', 3, 3],
      ['desktop', 2, 1],
      ['tablet', 1, 1],
    ]);
    expect(rowsOf(all, 'country')).toContainEqual(['GB', 1, 1]);
    expect(rowsOf(all, 'referrer')).toContainEqual(['newsletter.example', 1, 1]);

    const longer = await audience(a, { link_id: ID.linkA, days: 60 });
    expect(rowsOf(longer, 'browser')).toContainEqual(['Firefox', 1, 1]);
    expect(rowsOf(longer, 'referrer')).toContainEqual(['duckduckgo.com', 1, 1]);
    const today = await audience(a, { link_id: ID.linkA, days: 1 });
    // The fixture's click an hour ago; whether it fell on today's UTC date depends on the hour.
    expect(rowsOf(today, 'device').length).toBeLessThanOrEqual(1);
    expect(await audience(a, { link_id: LINK_A2, days: 1 })).toEqual([]);
  });

  it("refuses another affiliate's link and an unknown one with 404, telling nothing", async () => {
    for (const linkId of [ID.linkB, randomUUID()]) {
      const res = await a.rpc('link_audience', { link_id: linkId, days: 30 });
      expect(res.status).toBe(404);
      expect(res.error).toMatchObject({ code: 'PT404', message: 'No such link' });
      expect(res.data).toBeNull();
    }
  });

  it('refuses affiliates without an active Affiliate Pro with 403', async () => {
    // B holds Merchant Starter, not Affiliate Pro, and asks about its own link.
    const starter = await b.rpc('link_audience', { link_id: ID.linkB, days: 30 });
    expect(starter.status).toBe(403);
    expect(starter.error).toMatchObject({ code: 'PT403', message: PRO_REFUSAL });

    const email = `free-${randomUUID().slice(0, 8)}@audience.test`;
    const free = await createUser(stack, {
      email,
      password: PASSWORD,
      metadata: { role: 'affiliate', name: 'Free Affiliate' },
    });
    const client = await signedInClient(stack, email, PASSWORD);
    const none = await client.rpc('link_audience', { days: 30 });
    expect(none.status).toBe(403);
    expect(none.error).toMatchObject({ code: 'PT403', message: PRO_REFUSAL });

    // A Pro subscription whose period has ended, or that is past due, is not Affiliate Pro; a
    // trialing one is.
    await stack.pool.query(
      `insert into public.subscriptions (user_id, tier, status, current_period_end)
       values ($1, 'pro', 'active', now() - interval '1 day'), ($1, 'pro', 'past_due', now() + interval '5 days')`,
      [free.id],
    );
    expect((await client.rpc('link_audience', { days: 30 })).status).toBe(403);
    await stack.pool.query(
      `insert into public.subscriptions (user_id, tier, status, current_period_end)
       values ($1, 'pro', 'trialing', now() + interval '5 days')`,
      [free.id],
    );
    await expect(audience(client, { days: 30 })).resolves.toEqual([]);
  });

  it('lets administrators past the plan gate, for their own links only', async () => {
    await expect(audience(admin, { days: 90 })).resolves.toEqual([]);
    const res = await admin.rpc('link_audience', { link_id: ID.linkA, days: 30 });
    expect(res.status).toBe(404);
    expect(res.error?.code).toBe('PT404');
  });

  it('refuses windows outside 1–90 days with 22023 (HTTP 400)', async () => {
    for (const days of [0, -1, 91, 366, null]) {
      const res = await a.rpc('link_audience', { link_id: ID.linkA, days });
      expect(res.status, `days ${days}`).toBe(400);
      expect(res.error).toMatchObject({
        code: '22023',
        message: 'days must be a whole number from 1 to 90',
      });
    }
  });

  it('is not callable by visitors or the service role, only by signed-in users', async () => {
    const visitor = await anonClient(stack).rpc('link_audience', { days: 30 });
    expect(visitor.status).toBe(401);
    expect(visitor.error?.code).toBe('42501');
    expect(visitor.data).toBeNull();

    const { rows } = await stack.pool.query<{ role: string; allowed: boolean }>(
      `select r.role, has_function_privilege(r.role, 'public.link_audience(uuid, integer)', 'execute') as allowed
       from unnest(array['anon', 'authenticated', 'service_role']) as r(role) order by r.role`,
    );
    expect(rows).toEqual([
      { role: 'anon', allowed: false },
      { role: 'authenticated', allowed: true },
      { role: 'service_role', allowed: false },
    ]);

    // The signed-in role without a user (a token with no subject) is refused as well.
    const noUser = await withClient(stack, async (client) => {
      await client.query('begin');
      try {
        await client.query('set local role authenticated');
        await client.query(
          `select set_config('request.jwt.claims', '{"role":"authenticated"}', true)`,
        );
        return await tryQuery(client, 'select * from public.link_audience()');
      } finally {
        await client.query('rollback');
      }
    });
    expect(noUser).toEqual({
      error: { code: '42501', message: 'Sign in to see your click analytics' },
    });
  });

  it('asks a user with a verified MFA factor for aal2, as the dashboards do', async () => {
    const asA = (aal: string) =>
      withClient(stack, async (client) => {
        await client.query('begin');
        try {
          await client.query(
            `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
             values ($1, $2, 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
            [randomUUID(), ID.A],
          );
          await client.query('set local role authenticated');
          await client.query(`select set_config('request.jwt.claims', $1, true)`, [
            JSON.stringify({ sub: ID.A, role: 'authenticated', aud: 'authenticated', aal }),
          ]);
          return await tryQuery(client, 'select count(*)::int as n from public.link_audience()');
        } finally {
          await client.query('rollback');
        }
      });
    expect(await asA('aal1')).toEqual({
      error: { code: '42501', message: 'Multi-factor authentication required (aal2)' },
    });
    expect(await asA('aal2')).toMatchObject({ rows: [{ n: expect.any(Number) }] });
  });

  it('runs as SECURITY DEFINER with a fixed search_path, reading clicks through the index', async () => {
    const { rows } = await stack.pool.query<{ secdef: boolean; config: string[] }>(
      `select p.prosecdef as secdef, p.proconfig as config from pg_proc p
       where p.oid = 'public.link_audience(uuid, integer)'::regprocedure`,
    );
    // Without sequential scans, the window is read through link_clicks_link_time_idx even where
    // the caller's links hold most of the table.
    expect(rows[0]).toEqual({
      secdef: true,
      config: ['search_path=""', 'enable_seqscan=off'],
    });
  });
});

// Affiliate dashboard at scale (issue 11 "Speed"): a throw-away stack with the demo seed, then, for
// the seeded affiliate, 1,000,000 clicks over their links and 50,000 paid orders with their sale
// commissions, spread over the last 180 days (one generate_series statement per table, as the
// database superuser, with the row triggers off for the bulk load), then the roll-ups refreshed
// with the database's own refresh functions. Measured through PostgREST with the affiliate's JWT
// (supabase-js via @verdant/api-client, as apps/platform does):
//   dashboard  api.affiliate.dashboard(90): the one call /dashboard makes for its 90-day view
//   baseline   a primary-key read of the affiliate's own profile row through the same client
// Target: dashboard p50 ≤ 100 ms.
// Run: node --import tsx --conditions=source bench/dashboard-scale.mjs
// Settings: BENCH_CLICKS (default 1000000), BENCH_ORDERS (default 50000), BENCH_SAMPLES (200).
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createApiClient } from '@verdant/api-client';
import { nodeSupabaseOptions, startTestStack } from '@verdant/local-stack/testing';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 1_000_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const TARGET_P50_MS = 100;
const AFFILIATE = 'affiliate@verdant.test';

const accounts = JSON.parse(
  await readFile(
    fileURLToPath(new URL('../supabase/seed/demo-accounts.json', import.meta.url)),
    'utf8',
  ),
);
const password = accounts.find((a) => a.email === AFFILIATE)?.password;
if (!password) throw new Error(`${AFFILIATE} is not among the demo accounts`);

const pct = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (n) => `${n.toFixed(1)} ms`;

async function load(db, affiliateId) {
  const links = await db.query(
    `select l.id, p.id as program_id, p.merchant_id
       from public.affiliate_links l join public.affiliate_programs p on p.id = l.program_id
      where l.affiliate_id = $1`,
    [affiliateId],
  );
  if (links.rows.length === 0) throw new Error('the seeded affiliate has no program links');
  const linkIds = links.rows.map((r) => r.id);
  await db.query('begin');
  // Bulk load: the per-row triggers (unique-click marking, roll-ups, foreign-key checks) are off
  // for these two statements; the rows are built valid and the roll-ups are refreshed below.
  await db.query(`set local session_replication_role = replica`);
  let t = performance.now();
  await db.query(
    `insert into public.link_clicks (link_id, clicked_at, visitor_hash, device, is_bot, is_unique)
     select ($1::uuid[])[1 + (g % array_length($1::uuid[], 1))],
            now() - (g::double precision / $2) * interval '180 days',
            'bench-visitor-' || lpad((g % 40000)::text, 8, '0'),
            (array['desktop', 'mobile', 'tablet'])[1 + g % 3],
            g % 50 = 0,
            g % 50 <> 0 and g % 3 = 0
       from generate_series(1, $2::int) g`,
    [linkIds, CLICKS],
  );
  const clickSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  await db.query(
    `with src as (
       select g, ($1::uuid[])[1 + (g % array_length($1::uuid[], 1))] as link_id,
              ($2::uuid[])[1 + (g % array_length($2::uuid[], 1))] as program_id,
              ($3::uuid[])[1 + (g % array_length($3::uuid[], 1))] as merchant_id,
              now() - (g::double precision / $4) * interval '180 days' as at,
              1000 + (g * 37) % 9000 as total
         from generate_series(1, $4::int) g
     ),
     o as (
       insert into public.orders (id, merchant_id, status, currency, subtotal_cents, total_cents,
                                  merchant_amount_cents, affiliate_amount_cents, platform_fee_cents,
                                  payment_fee_cents, affiliate_link_id, attributed_affiliate_id,
                                  buyer_email, paid_at, created_at, updated_at)
       select gen_random_uuid(), s.merchant_id, 'paid', 'USD', s.total, s.total,
              s.total - s.total / 10 - s.total / 20 - s.total / 33, s.total / 10, s.total / 20,
              s.total / 33, s.link_id, $5, 'buyer' || s.g || '@example.com', s.at, s.at, s.at
         from src s
       returning id, merchant_id, affiliate_link_id, affiliate_amount_cents, created_at
     )
     insert into public.commissions (affiliate_id, merchant_id, program_id, order_id, link_id, kind,
                                     amount_cents, currency, status, available_at, approved_at,
                                     paid_at, reversed_at, created_at, updated_at)
     select $5, o.merchant_id,
            (select s.program_id from src s where s.link_id = o.affiliate_link_id limit 1),
            o.id, o.affiliate_link_id, 'sale', o.affiliate_amount_cents, 'USD', st.status,
            o.created_at + interval '30 days',
            case when st.status in ('approved', 'paid') then o.created_at + interval '30 days' end,
            case when st.status = 'paid' then o.created_at + interval '45 days' end,
            case when st.status = 'reversed' then o.created_at + interval '3 days' end,
            o.created_at, o.created_at
       from o
       cross join lateral (
         select case
                  when o.created_at > now() - interval '30 days' then 'pending'
                  when (extract(epoch from o.created_at)::bigint % 20) = 0 then 'reversed'
                  when o.created_at > now() - interval '60 days' then 'approved'
                  else 'paid'
                end as status
       ) st`,
    [
      linkIds,
      links.rows.map((r) => r.program_id),
      links.rows.map((r) => r.merchant_id),
      ORDERS,
      affiliateId,
    ],
  );
  const orderSeconds = (performance.now() - t) / 1000;
  await db.query('commit');
  t = performance.now();
  await db.query('select public.refresh_link_click_daily()');
  await db.query('select public.refresh_commission_roll_ups()');
  await db.query('analyze');
  const refreshSeconds = (performance.now() - t) / 1000;
  return { links: linkIds.length, clickSeconds, orderSeconds, refreshSeconds };
}

async function sample(call) {
  for (let i = 0; i < 20; i += 1) await call(); // warm-up: connections, plans, caches
  const times = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95) };
}

const stack = await startTestStack();
const db = new pg.Client({ connectionString: stack.dbUrl });
try {
  await db.connect();
  const me = (await db.query(`select id from auth.users where email = $1`, [AFFILIATE])).rows[0]
    ?.id;
  if (!me) throw new Error(`${AFFILIATE} is not in the seeded stack`);
  const loaded = await load(db, me);
  const counts = (
    await db.query(
      `select (select count(*) from public.link_clicks c join public.affiliate_links l on l.id = c.link_id
                where l.affiliate_id = $1) as clicks,
              (select count(*) from public.orders where attributed_affiliate_id = $1) as orders,
              (select count(*) from public.commissions where affiliate_id = $1) as commissions`,
      [me],
    )
  ).rows[0];
  console.info(
    `loaded for ${AFFILIATE}: ${counts.clicks} clicks over ${loaded.links} links (${loaded.clickSeconds.toFixed(1)} s), ${counts.orders} orders / ${counts.commissions} commissions (${loaded.orderSeconds.toFixed(1)} s); roll-ups refreshed + analyze ${loaded.refreshSeconds.toFixed(1)} s`,
  );

  const api = createApiClient({
    url: stack.apiUrl,
    anonKey: stack.anonKey,
    auth: nodeSupabaseOptions.auth,
  });
  const { error } = await api.supabase.auth.signInWithPassword({ email: AFFILIATE, password });
  if (error) throw error;

  const dashboard = await api.affiliate.dashboard(90);
  if (dashboard.series.length !== 90)
    throw new Error(`expected 90 days, got ${dashboard.series.length}`);
  if (dashboard.totals.clicks < ((CLICKS * 90) / 180) * 0.95) {
    throw new Error(
      `the 90-day view counts ${dashboard.totals.clicks} clicks: the load is not visible`,
    );
  }
  console.info(
    `90-day view: ${dashboard.totals.clicks} clicks, ${dashboard.totals.unique_clicks} unique, ${dashboard.totals.conversions} conversions, ${dashboard.totals.earnings_cents} cents`,
  );

  const baseline = await sample(async () => {
    const { error: e } = await api.supabase.from('profiles').select('id').eq('id', me).single();
    if (e) throw e;
  });
  const result = await sample(() => api.affiliate.dashboard(90));
  console.info(
    `baseline (primary-key read of the own profile): p50 ${ms(baseline.p50)}, p95 ${ms(baseline.p95)}`,
  );
  console.info(
    `affiliate dashboard, 90 days: p50 ${ms(result.p50)} (${(result.p50 / baseline.p50).toFixed(1)}× baseline), p95 ${ms(result.p95)}; target p50 ≤ ${TARGET_P50_MS} ms ${result.p50 <= TARGET_P50_MS ? 'met' : 'MISSED'}`,
  );
  await api.supabase.auth.signOut({ scope: 'local' });
  process.exitCode = result.p50 <= TARGET_P50_MS ? 0 : 1;
} finally {
  await db.end().catch(() => {});
  await stack.stop();
}

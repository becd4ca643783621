// The schema as a whole: migrations apply to an empty database and the seed applies on top; every
// table has row-level security and is in the RLS matrix; every SECURITY DEFINER function pins its
// search_path; constraints carry the rules; the demo world is what the product promises.
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyMigrations, applySeed } from '@verdant/local-stack';
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from './support/clients.ts';
import { SCENARIOS } from './support/matrix.ts';

const supabaseDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seedFile = path.join(supabaseDir, 'seed.sql');

let stack: RunningStack;
const count = async (sql: string, values: unknown[] = []) =>
  Number((await stack.pool.query<{ n: string }>(sql, values)).rows[0]!.n);

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('migrations on an empty database', () => {
  it('applies every migration file in order', async () => {
    const files = (await readdir(path.join(supabaseDir, 'migrations')))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(stack.appliedMigrations).toEqual(files);
  });

  it('enables row-level security on every table in public', async () => {
    const { rows } = await stack.pool.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    );
    expect(rows.map((r) => r.relname)).toEqual([]);
  });

  it('gives every table at least one policy', async () => {
    const { rows } = await stack.pool.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
         and not exists (select 1 from pg_policy p where p.polrelid = c.oid)`,
    );
    expect(rows.map((r) => r.relname)).toEqual([]);
  });

  it('pins the search_path of every SECURITY DEFINER function', async () => {
    const { rows } = await stack.pool.query<{ proname: string }>(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prosecdef
         and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`,
    );
    expect(rows.map((r) => r.proname)).toEqual([]);
    const definers = await count(
      `select count(*) as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prosecdef`,
    );
    expect(definers).toBeGreaterThan(10);
  });

  it('gives policies PL/pgSQL helpers, never SECURITY DEFINER SQL functions (re-planned per call)', async () => {
    // A SECURITY DEFINER SQL function is never inlined, and each statement that calls it plans
    // its body again (about 200 µs); PL/pgSQL keeps the plan for the session.
    const helpers = `select distinct pr.proname, l.lanname
       from pg_depend d
       join pg_proc pr on d.refclassid = 'pg_proc'::regclass and d.refobjid = pr.oid
       join pg_language l on l.oid = pr.prolang
       where d.classid = 'pg_policy'::regclass and pr.prosecdef`;
    const { rows } = await stack.pool.query<{ proname: string; lanname: string }>(helpers);
    expect(rows.filter((r) => r.lanname !== 'plpgsql').map((r) => r.proname)).toEqual([]);
    expect(rows.map((r) => r.proname)).toEqual(
      expect.arrayContaining(['is_admin', 'is_conversation_participant', 'my_link_ids']),
    );
  });

  it('covers every table in the RLS matrix', async () => {
    const { rows } = await stack.pool.query<{ relname: string; relkind: string }>(
      `select c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p', 'v') order by 1`,
    );
    const covered = new Set(SCENARIOS.map((s) => s.table));
    const tables = rows.filter((r) => r.relkind !== 'v');
    expect(tables.map((r) => r.relname).filter((t) => !covered.has(t))).toEqual([]);
    // Views in the matrix (public_profiles) must exist too.
    expect([...covered].filter((t) => !rows.some((r) => r.relname === t))).toEqual([]);
  });

  it('uses timestamptz for every point in time and integers for money', async () => {
    const { rows } = await stack.pool.query<{ column: string; type: string }>(
      `select table_name || '.' || column_name as column, data_type as type
       from information_schema.columns
       where table_schema = 'public'
         and ((column_name ~ '(_at|_date)$' and data_type <> 'timestamp with time zone')
           or (column_name ~ '_cents$' and data_type not in ('integer', 'bigint')))`,
    );
    expect(rows).toEqual([]);
  });

  it('keeps auth.* untouched except for the sign-up trigger', async () => {
    const { rows } = await stack.pool.query<{ tgname: string }>(
      `select t.tgname from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'auth' and not t.tgisinternal`,
    );
    expect(rows.map((r) => r.tgname)).toEqual(['on_auth_user_created']);
    for (const file of stack.appliedMigrations) {
      const sql = (
        await readFile(path.join(supabaseDir, 'migrations', file), 'utf8')
      ).toLowerCase();
      expect(sql, file).not.toMatch(
        /create\s+role|alter\s+role|create\s+(table|function|schema)\s+(if not exists\s+)?auth\./,
      );
    }
  });
});

describe('constraints carry the rules', () => {
  const merchant = '00000000-0000-4000-8000-00000000c001';

  beforeAll(async () => {
    await stack.pool.query(
      `insert into auth.users (id, email, raw_user_meta_data) values ($1, 'constraints@schema.test', '{"role":"merchant"}')`,
      [merchant],
    );
    await stack.pool.query(
      `insert into public.merchant_profiles (id, company_name) values ($1, 'Constraint Co')`,
      [merchant],
    );
  });

  afterAll(async () => {
    await stack.pool.query('delete from auth.users where id = $1', [merchant]);
  });

  const product = (overrides: Record<string, unknown>) => {
    const row = {
      merchant_id: merchant,
      name: 'Thing',
      slug: 'thing-' + Math.random().toString(36).slice(2, 8),
      price_cents: 100,
      ...overrides,
    };
    const columns = Object.keys(row);
    return stack.pool.query(
      `insert into public.products (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  };

  it.each([
    ['a negative price', { price_cents: -1 }],
    ['a fractional price', { price_cents: 9.99 }],
    ['a lower-case currency', { currency: 'usd' }],
    ['a slug with spaces', { slug: 'bad slug' }],
    ['a slug with upper case', { slug: 'Bad-Slug' }],
    ['an unknown status', { status: 'live' }],
    ['an unknown sustainability attribute', { sustainability_attributes: ['eco-friendly'] }],
    ['a CO2e figure without its source', { co2e_grams: 1200 }],
    ['an image on a javascript: URL', { images: ['javascript:alert(1)'] }],
  ])('refuses a product with %s', async (_label, overrides) => {
    await expect(product(overrides)).rejects.toMatchObject({
      code: expect.stringMatching(/^(23514|22P02)$/),
    });
  });

  it('accepts a well-formed product', async () => {
    await expect(
      product({
        co2e_grams: 1200,
        co2e_source: 'Supplier LCA',
        images: ['/images/products/thing.svg', 'https://cdn.example/x.png'],
      }),
    ).resolves.toBeDefined();
  });

  it('refuses a program whose commission does not match its type', async () => {
    await expect(
      stack.pool.query(
        `insert into public.affiliate_programs (merchant_id, name, commission_type, commission_flat_cents) values ($1, 'P', 'percent', 500)`,
        [merchant],
      ),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(
      stack.pool.query(
        `insert into public.affiliate_programs (merchant_id, name, commission_type, commission_rate_bps) values ($1, 'P', 'percent', 10001)`,
        [merchant],
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('refuses a paid order whose revenue split does not add up to the total', async () => {
    await expect(
      stack.pool.query(
        `insert into public.orders (merchant_id, status, total_cents, merchant_amount_cents, platform_fee_cents, payment_fee_cents, paid_at)
         values ($1, 'paid', 1000, 900, 50, 49, now())`,
        [merchant],
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('refuses link codes that are not URL-safe', async () => {
    for (const code of ['abc', 'has space', 'slash/code', '<script>']) {
      await expect(
        stack.pool.query(
          `insert into public.affiliate_links (code, affiliate_id, destination_url) values ($1, $2, '/shop')`,
          [code, merchant],
        ),
        code,
      ).rejects.toMatchObject({ code: '23514' });
    }
  });

  it('refuses open redirects to non-web destinations', async () => {
    for (const destination of ['javascript:alert(1)', '//evil.example', 'data:text/html,hi']) {
      await expect(
        stack.pool.query(
          `insert into public.affiliate_links (code, affiliate_id, destination_url) values ('safe-code', $1, $2)`,
          [merchant, destination],
        ),
        destination,
      ).rejects.toMatchObject({ code: '23514' });
    }
  });
});

describe('the seed', () => {
  beforeAll(async () => {
    expect(await applySeed(stack.pool, seedFile)).toBe(true);
  }, 120_000);

  it('applies once; running it again changes nothing', async () => {
    expect(await applySeed(stack.pool, seedFile)).toBe(false);
    const before = await count('select count(*) as n from public.link_clicks');
    await stack.pool.query(await readFile(seedFile, 'utf8'));
    expect(await count('select count(*) as n from public.link_clicks')).toBe(before);
  });

  it('has at least 3 onboarded, approved merchants with approved claims', async () => {
    expect(
      await count(`select count(*) as n from public.merchant_profiles m join public.profiles p on p.id = m.id
                   where p.has_completed_onboarding and m.approval_status = 'approved'
                     and exists (select 1 from public.sustainability_claims c where c.merchant_id = m.id and c.review_status = 'approved')`),
    ).toBeGreaterThanOrEqual(3);
    // Every merchant past the onboarding's statement step has its sustainability statement.
    expect(
      await count(
        `select count(*) as n from public.merchant_profiles
         where onboarding_step <> 'company' and sustainability_statement is null`,
      ),
    ).toBe(0);
  });

  it('has 30 products, each with an image served by the site', async () => {
    expect(await count(`select count(*) as n from public.products`)).toBe(30);
    expect(
      await count(
        `select count(*) as n from public.products where images[1] ~ '^/images/products/[a-z0-9-]+\\.svg$'`,
      ),
    ).toBe(30);
  });

  it('has 5 programs and 10 affiliates, each with links, a link page and a storefront', async () => {
    expect(await count(`select count(*) as n from public.affiliate_programs`)).toBe(5);
    expect(
      await count(`select count(*) as n from public.profiles p where p.role = 'affiliate'
                   and exists (select 1 from public.affiliate_links l where l.affiliate_id = p.id)
                   and exists (select 1 from public.link_pages lp where lp.owner_id = p.id)
                   and exists (select 1 from public.storefronts s where s.owner_id = p.id)`),
    ).toBe(10);
  });

  it('keeps its history beyond the plan limits, and the limits hold again for new rows', async () => {
    // Free affiliates with more than 10 links and a merchant with two programs and no subscription.
    const { rows: over } = await stack.pool.query<{ id: string }>(
      `select p.id from public.profiles p
       where p.role = 'affiliate' and not p.has_active_subscription
         and (select count(*) from public.affiliate_links l where l.affiliate_id = p.id) > 10`,
    );
    expect(over.length).toBeGreaterThan(0);
    expect(
      await count(`select count(*) as n from public.profiles p
                   where p.role = 'merchant' and not p.has_active_subscription
                     and (select count(*) from public.affiliate_programs a where a.merchant_id = p.id) > 1`),
    ).toBeGreaterThan(0);
    expect(
      await count(`select count(*) as n from pg_catalog.pg_trigger
                   where tgname like '%\\_enforce\\_plan\\_limit' and tgenabled = 'O'`),
    ).toBe(4);
    await expect(
      stack.pool.query(
        `insert into public.affiliate_links (code, affiliate_id, destination_url) values ('seed-over-limit', $1, '/shop')`,
        [over[0]!.id],
      ),
    ).rejects.toThrow(/Affiliate Free includes up to 10 tracked links/);
  });

  it('has 20,000 clicks over 90 days, rolled up per day', async () => {
    const { rows } = await stack.pool.query<{
      n: string;
      days: string;
      span: string;
      rolled: string;
    }>(
      `select count(*) as n, count(distinct (clicked_at at time zone 'UTC')::date) as days,
              extract(epoch from max(clicked_at) - min(clicked_at)) / 86400 as span,
              (select sum(clicks) + sum(bot_clicks) from public.link_click_daily) as rolled
       from public.link_clicks`,
    );
    expect(Number(rows[0]!.n)).toBe(20_000);
    // Every stored click is rolled up: by people in `clicks`, by bots in `bot_clicks`.
    expect(Number(rows[0]!.rolled)).toBe(20_000);
    expect(Number(rows[0]!.days)).toBeGreaterThanOrEqual(85);
    expect(Number(rows[0]!.span)).toBeLessThanOrEqual(90);
  });

  it('has orders and commissions in every status, with clawbacks', async () => {
    const orders = await stack.pool.query<{ status: string }>(
      `select distinct status from public.orders order by 1`,
    );
    expect(orders.rows.map((r) => r.status)).toEqual([
      'canceled',
      'failed',
      'paid',
      'partially_refunded',
      'pending',
      'refunded',
    ]);
    const commissions = await stack.pool.query<{ status: string }>(
      `select distinct status from public.commissions order by 1`,
    );
    expect(commissions.rows.map((r) => r.status)).toEqual([
      'approved',
      'paid',
      'pending',
      'reversed',
    ]);
    expect(
      await count(
        `select count(*) as n from public.commissions where kind = 'clawback' and amount_cents < 0`,
      ),
    ).toBeGreaterThan(0);
  });

  it('has 3 published courses with modules, community threads and conversations', async () => {
    expect(
      await count(`select count(*) as n from public.courses c where c.is_published
                   and (select count(*) from public.course_modules m where m.course_id = c.id) >= 3`),
    ).toBe(3);
    expect(
      await count(`select count(*) as n from public.posts where status = 'published'`),
    ).toBeGreaterThanOrEqual(10);
    expect(await count(`select count(*) as n from public.comments`)).toBeGreaterThan(0);
    expect(
      await count(
        `select count(*) as n from public.conversations c where exists (select 1 from public.messages m where m.conversation_id = c.id)`,
      ),
    ).toBeGreaterThanOrEqual(3);
  });

  it('shows real aggregates on the revenue-transparency function and nothing else', async () => {
    const { rows } = await stack.pool.query(`select * from public.revenue_transparency(12)`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.orders).toBeGreaterThanOrEqual(3);
      expect(
        Number(row.merchant_cents) +
          Number(row.affiliate_cents) +
          Number(row.platform_fee_cents) +
          Number(row.payment_fee_cents),
      ).toBe(Number(row.gross_cents));
    }
  });

  it('lets every demo account sign in with its role', async () => {
    const accounts = JSON.parse(
      await readFile(path.join(supabaseDir, 'seed', 'demo-accounts.json'), 'utf8'),
    ) as {
      email: string;
      password: string;
      role: string;
      name: string;
    }[];
    expect(new Set(accounts.map((a) => a.role))).toEqual(
      new Set(['admin', 'affiliate', 'merchant', 'demo']),
    );
    for (const account of accounts) {
      const client = await signedInClient(stack, account.email, account.password);
      const { data: user } = await client.auth.getUser();
      const { data, error } = await client
        .from('profiles')
        .select('name, role')
        .eq('id', user.user!.id)
        .single();
      expect(error, account.email).toBeNull();
      expect(data, account.email).toEqual({ name: account.name, role: account.role });
    }
  });
});

describe('migrations on a seeded database', () => {
  it('the later migrations apply on top of the demo world', async () => {
    const migrationsDir = path.join(supabaseDir, 'migrations');
    const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
    const seedNeeds = files.findIndex((f) => f.endsWith('_messages.sql')) + 1;
    const earlier = await mkdtemp(path.join(tmpdir(), 'verdant-migrations-'));
    let seeded: RunningStack | undefined;
    try {
      await Promise.all(
        files
          .slice(0, seedNeeds)
          .map((f) => copyFile(path.join(migrationsDir, f), path.join(earlier, f))),
      );
      seeded = await startTestStack({ migrationsDir: earlier });
      expect(
        Number((await seeded.pool.query('select count(*) as n from public.link_clicks')).rows[0].n),
      ).toBe(20_000);
      expect(await applyMigrations(seeded.pool, migrationsDir)).toEqual(files.slice(seedNeeds));
      expect(files.slice(seedNeeds).length).toBeGreaterThan(0);
    } finally {
      await seeded?.stop();
      await rm(earlier, { recursive: true, force: true });
    }
  }, 120_000);
});

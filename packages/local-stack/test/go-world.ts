// A small marketplace for the money-flow tests: an approved merchant with products and an active
// program, approved affiliates with tracked links, and signed tokens for each user.
import { randomUUID } from 'node:crypto';
import { loadOrCreateKeys } from '../src/keys.ts';
import type { RunningStack } from '../src/stack.ts';

export interface WorldUser {
  id: string;
  email: string;
  token: string;
}

export interface World {
  merchant: WorldUser;
  affiliateA: WorldUser;
  affiliateB: WorldUser;
  shopper: WorldUser;
  admin: WorldUser;
  programId: string;
  /** Approved products: 25.00 USD (stock 5) and 10.00 USD (no stock limit). */
  productId: string;
  cheapProductId: string;
  /** A draft product (not for sale) and another merchant's product. */
  draftProductId: string;
  foreignProductId: string;
  linkA: { id: string; code: string };
  linkB: { id: string; code: string };
}

async function user(stack: RunningStack, role: string): Promise<WorldUser> {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@money.test`;
  await stack.pool.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email"}', $3)`,
    [id, email, { role: role === 'admin' ? 'affiliate' : role, name: role }],
  );
  if (role === 'admin' || role === 'shopper')
    await stack.pool.query(`update public.profiles set role = $2 where id = $1`, [
      id,
      role === 'admin' ? 'admin' : 'affiliate',
    ]);
  const keys = await loadOrCreateKeys(stack.dataDir);
  const token = await keys.sign(
    { sub: id, role: 'authenticated', aud: 'authenticated', email, aal: 'aal1' },
    3600,
  );
  return { id, email, token };
}

async function merchantWithProducts(stack: RunningStack, merchant: WorldUser) {
  await stack.pool.query(
    `insert into public.merchant_profiles (id, company_name, approval_status, approved_at)
     values ($1, 'Green Goods', 'approved', now())`,
    [merchant.id],
  );
}

async function product(
  stack: RunningStack,
  merchantId: string,
  price: number,
  status = 'approved',
  stock: number | null = null,
): Promise<string> {
  const { rows } = await stack.pool.query<{ id: string }>(
    `insert into public.products (merchant_id, name, slug, price_cents, status, stock)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [merchantId, `Product ${price}`, `p-${randomUUID().slice(0, 12)}`, price, status, stock],
  );
  return rows[0]!.id;
}

export async function link(
  stack: RunningStack,
  affiliateId: string,
  programId: string | null,
  destination = '/shop',
): Promise<{ id: string; code: string }> {
  const code = `L${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const { rows } = await stack.pool.query<{ id: string }>(
    `insert into public.affiliate_links (code, affiliate_id, program_id, destination_url)
     values ($1, $2, $3, $4) returning id`,
    [code, affiliateId, programId, destination],
  );
  return { id: rows[0]!.id, code };
}

export async function createWorld(
  stack: RunningStack,
  program: {
    type?: 'percent' | 'flat';
    rate?: number;
    cookieDays?: number;
    holdingDays?: number;
  } = {},
): Promise<World> {
  const merchant = await user(stack, 'merchant');
  const other = await user(stack, 'merchant');
  const affiliateA = await user(stack, 'affiliate');
  const affiliateB = await user(stack, 'affiliate');
  const shopper = await user(stack, 'shopper');
  const admin = await user(stack, 'admin');
  await merchantWithProducts(stack, merchant);
  await merchantWithProducts(stack, other);
  const type = program.type ?? 'percent';
  const { rows } = await stack.pool.query<{ id: string }>(
    `insert into public.affiliate_programs
       (merchant_id, name, commission_type, commission_rate_bps, commission_flat_cents, cookie_window_days, holding_days)
     values ($1, 'Green partners', $2, $3, $4, $5, $6) returning id`,
    [
      merchant.id,
      type,
      type === 'percent' ? (program.rate ?? 1000) : null,
      type === 'flat' ? (program.rate ?? 150) : null,
      program.cookieDays ?? 30,
      program.holdingDays ?? 14,
    ],
  );
  const programId = rows[0]!.id;
  for (const affiliate of [affiliateA, affiliateB])
    await stack.pool.query(
      `insert into public.program_memberships (program_id, affiliate_id, status, decided_at)
       values ($1, $2, 'approved', now())`,
      [programId, affiliate.id],
    );
  return {
    merchant,
    affiliateA,
    affiliateB,
    shopper,
    admin,
    programId,
    productId: await product(stack, merchant.id, 2500, 'approved', 5),
    cheapProductId: await product(stack, merchant.id, 1000),
    draftProductId: await product(stack, merchant.id, 999, 'draft'),
    foreignProductId: await product(stack, other.id, 1200),
    linkA: await link(stack, affiliateA.id, programId),
    linkB: await link(stack, affiliateB.id, programId),
  };
}

/** Waits until `check` holds (the tracker writes clicks after its response). */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The order row as the database holds it. */
export async function orderRow(stack: RunningStack, id: string): Promise<Record<string, unknown>> {
  const { rows } = await stack.pool.query('select * from public.orders where id = $1', [id]);
  return rows[0] as Record<string, unknown>;
}

/** The commissions of an order, oldest first. */
export async function orderCommissions(
  stack: RunningStack,
  orderId: string,
): Promise<Array<Record<string, unknown>>> {
  const { rows } = await stack.pool.query(
    'select kind, status, amount_cents, affiliate_id, payout_id from public.commissions where order_id = $1 order by created_at',
    [orderId],
  );
  return rows as Array<Record<string, unknown>>;
}

/** How many orders, order items and Stripe events the database holds (to prove nothing was written). */
export async function moneyCounts(
  stack: RunningStack,
): Promise<{ orders: number; items: number; events: number }> {
  const { rows } = await stack.pool.query<{ orders: number; items: number; events: number }>(
    `select (select count(*) from public.orders)::int as orders,
            (select count(*) from public.order_items)::int as items,
            (select count(*) from public.stripe_events)::int as events`,
  );
  return rows[0]!;
}

/**
 * Follows a tracked link as a new visitor (a fresh user agent each time unless given) and returns
 * the click id from the attribution cookie, once the tracker has written the click.
 */
export async function clickIdFor(
  stack: RunningStack,
  code: string,
  userAgent = `Mozilla/5.0 Chrome/141.0 ${Math.random()}`,
): Promise<string> {
  const res = await fetch(`${stack.webUrl}/go/${code}`, {
    redirect: 'manual',
    headers: { 'user-agent': userAgent },
  });
  const id = /verdant_ref=([0-9a-f-]{36})/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!id) throw new Error('no click id');
  await eventually(
    () => stack.pool.query('select 1 from public.link_clicks where public_id = $1', [id]),
    (r) => r.rowCount === 1,
  );
  return id;
}

// Domain rules that live in the database: click log and roll-ups, commission lifecycle, revenue
// transparency, memberships, reviews, moderation, messages and certificates.
import { startTestStack, type RunningStack } from '@verdant/local-stack/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedInClient } from './support/clients.ts';
import { asUser, expectPgError, withClient } from './support/db.ts';
import { EMAIL, ID, PASSWORD, fixtureSql } from './support/fixture.ts';

let stack: RunningStack;

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  await stack.pool.query(fixtureSql());
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const query = (sql: string, values: unknown[] = []) => stack.pool.query(sql, values);
const as = (email: string) => signedInClient(stack, email, PASSWORD);

describe('link clicks', () => {
  it('counts a visitor once when two writers store the same click at the same moment', async () => {
    const link = (
      await query(
        `insert into public.affiliate_links (code, affiliate_id, destination_url) values ('unique-race', $1, '/shop') returning id`,
        [ID.A],
      )
    ).rows[0].id as string;
    const insert = `insert into public.link_clicks (link_id, clicked_at, visitor_hash) values ($1, $2, 'visitor-race-000001')`;
    const first = await stack.pool.connect();
    const second = await stack.pool.connect();
    try {
      await first.query('begin');
      await second.query('begin');
      await first.query(insert, [link, '2026-03-02T10:00:00Z']);
      // The second writer's check must wait for the first writer's click, not miss it.
      let secondDone = false;
      const secondInsert = second
        .query(insert, [link, '2026-03-02T10:00:01Z'])
        .then(() => (secondDone = true));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(secondDone).toBe(false);
      await first.query('commit');
      await secondInsert;
      await second.query('commit');
    } finally {
      first.release();
      second.release();
    }
    const { rows } = await query(
      `select is_unique from public.link_clicks where link_id = $1 order by clicked_at`,
      [link],
    );
    expect(rows.map((r) => r.is_unique)).toEqual([true, false]);
  });

  it('counts one unique click per link, visitor and hour, never for bots', async () => {
    const link = (
      await query(
        `insert into public.affiliate_links (code, affiliate_id, destination_url) values ('unique-test', $1, '/shop') returning id`,
        [ID.A],
      )
    ).rows[0].id as string;
    const base = '2026-03-01T10:00:00Z';
    const at = (minutes: number) => new Date(Date.parse(base) + minutes * 60_000).toISOString();
    await query(
      `insert into public.link_clicks (link_id, clicked_at, visitor_hash, is_bot) values
         ($1, $2, 'visitor-one-0000001', false),
         ($1, $3, 'visitor-one-0000001', false),
         ($1, $4, 'visitor-one-0000001', false),
         ($1, $2, 'visitor-two-0000002', false),
         ($1, $2, 'crawler-0000000003', true)`,
      [link, at(0), at(30), at(61)],
    );
    const { rows } = await query(
      `select visitor_hash, is_unique from public.link_clicks where link_id = $1 order by clicked_at, visitor_hash`,
      [link],
    );
    expect(rows.map((r) => `${r.visitor_hash}:${r.is_unique}`)).toEqual([
      'crawler-0000000003:false',
      'visitor-one-0000001:true',
      'visitor-two-0000002:true',
      'visitor-one-0000001:false',
      'visitor-one-0000001:true',
    ]);
    const daily = await query(
      `select day::text, clicks, unique_clicks, bot_clicks from public.link_click_daily where link_id = $1`,
      [link],
    );
    // The crawler is stored but is not a click; visitor one's repeat within the hour is a click, not
    // a counted one.
    expect(daily.rows).toEqual([{ day: '2026-03-01', clicks: 4, unique_clicks: 3, bot_clicks: 1 }]);

    await query(
      `insert into public.link_clicks (link_id, clicked_at, visitor_hash) values ($1, $2, 'visitor-three-000004')`,
      [link, at(5)],
    );
    const after = await query(
      `select clicks, unique_clicks from public.link_click_daily where link_id = $1`,
      [link],
    );
    expect(after.rows).toEqual([{ clicks: 5, unique_clicks: 4 }]);
  });

  it('is append-only, even for the service role, but goes with its link', async () => {
    await expectPgError(
      query(`update public.link_clicks set referrer = 'x' where id = $1`, [ID.clickA]),
      '42501',
      'link_clicks is append-only',
    );
    await expectPgError(
      query(`delete from public.link_clicks where id = $1`, [ID.clickA]),
      '42501',
      'link_clicks is append-only',
    );
    const link = (
      await query(
        `insert into public.affiliate_links (code, affiliate_id, destination_url) values ('doomed-link', $1, '/shop') returning id`,
        [ID.A],
      )
    ).rows[0].id as string;
    await query(
      `insert into public.link_clicks (link_id, visitor_hash) values ($1, 'visitor-doomed-0001')`,
      [link],
    );
    await query(`delete from public.affiliate_links where id = $1`, [link]);
    expect(
      (await query(`select count(*)::int as n from public.link_clicks where link_id = $1`, [link]))
        .rows[0].n,
    ).toBe(0);
  });

  it('stores only visitor hashes of 16–128 URL-safe characters', async () => {
    const link = (
      await query(
        `insert into public.affiliate_links (code, affiliate_id, destination_url) values ('hash-rule', $1, '/shop') returning id`,
        [ID.A],
      )
    ).rows[0].id as string;
    const insert = (hash: string) =>
      query(`insert into public.link_clicks (link_id, visitor_hash) values ($1, $2)`, [link, hash]);
    const stored = async () =>
      (
        await query(`select visitor_hash from public.link_clicks where link_id = $1 order by id`, [
          link,
        ])
      ).rows.map((r) => r.visitor_hash as string);
    for (const bad of [
      'a'.repeat(15),
      'b'.repeat(129),
      'visitor+hash/0000001',
      'visitor hash 0000001',
      'visitor-hash-000001\n',
      'visitor-hash-00000é1',
      '',
    ])
      await expectPgError(insert(bad), '23514', /link_clicks_visitor_hash_check/);
    expect(await stored()).toEqual([]);
    const good = ['A'.repeat(16), `${'z'.repeat(64)}_-`, '9'.repeat(128)];
    for (const hash of good) await insert(hash);
    expect(await stored()).toEqual(good);
  });

  it('refresh_link_click_daily() rebuilds the roll-ups from the log', async () => {
    const before = (
      await query(
        `select link_id, day, clicks, unique_clicks, bot_clicks from public.link_click_daily order by 1, 2`,
      )
    ).rows;
    await query(`update public.link_click_daily set clicks = 0`);
    await query(`select public.refresh_link_click_daily()`);
    expect(
      (
        await query(
          `select link_id, day, clicks, unique_clicks, bot_clicks from public.link_click_daily order by 1, 2`,
        )
      ).rows,
    ).toEqual(before);
    const client = await as(EMAIL.admin);
    expect((await client.rpc('refresh_link_click_daily')).error?.code).toBe('42501');
  });
});

describe('commission lifecycle', () => {
  async function commission(status = 'pending') {
    const order = (
      await query(
        `insert into public.orders (merchant_id, status, total_cents, merchant_amount_cents, affiliate_amount_cents, paid_at)
       values ($1, 'paid', 1000, 900, 100, now()) returning id`,
        [ID.M],
      )
    ).rows[0].id as string;
    return (
      await query(
        `insert into public.commissions (affiliate_id, merchant_id, program_id, order_id, amount_cents, status, available_at,
                                       paid_at, reversed_at)
       values ($1, $2, $3, $4, 100, $5, now(), case when $5 = 'paid' then now() end, case when $5 = 'reversed' then now() end)
       returning id`,
        [ID.A, ID.M, ID.program, order, status],
      )
    ).rows[0].id as string;
  }
  const move = (id: string, status: string) =>
    query(`update public.commissions set status = $2 where id = $1`, [id, status]);

  it('goes pending → approved → paid and stamps each step', async () => {
    const id = await commission();
    await move(id, 'approved');
    await move(id, 'paid');
    const { rows } = await query(
      `select approved_at is not null as approved, paid_at is not null as paid from public.commissions where id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ approved: true, paid: true });
  });

  it.each([
    ['pending', 'paid'],
    ['approved', 'pending'],
    ['paid', 'reversed'],
    ['paid', 'approved'],
    ['reversed', 'approved'],
  ])('refuses %s → %s', async (from, to) => {
    const id = await commission(from);
    await expectPgError(move(id, to), '23514', `A commission cannot go from ${from} to ${to}`);
  });

  it.each(['pending', 'approved'])(
    'reverses a %s commission: status reversed, reversed_at stamped, amount kept',
    async (from) => {
      const id = await commission(from);
      const result = await move(id, 'reversed');
      expect(result.rowCount).toBe(1);
      const { rows } = await query(
        `select status, reversed_at is not null as stamped, amount_cents from public.commissions where id = $1`,
        [id],
      );
      expect(rows[0]).toEqual({ status: 'reversed', stamped: true, amount_cents: 100 });
    },
  );

  it('never changes its amount or parties', async () => {
    const id = await commission();
    await expectPgError(
      query(`update public.commissions set amount_cents = 5 where id = $1`, [id]),
      '42501',
      "A commission's parties and amount cannot change",
    );
  });

  it('takes a paid commission back with negative clawbacks that never exceed it', async () => {
    const paid = await commission('paid');
    const order = (await query(`select order_id from public.commissions where id = $1`, [paid]))
      .rows[0].order_id;
    const clawback = `insert into public.commissions (affiliate_id, merchant_id, program_id, order_id, kind, amount_cents, status,
                        available_at, reverses_commission_id) values ($1, $2, $3, $4, 'clawback', $5, 'approved', now(), $6)`;
    await expect(query(clawback, [ID.A, ID.M, ID.program, order, 100, paid])).rejects.toMatchObject(
      { code: '23514' },
    );
    // Two partial clawbacks take back the whole 100; a third cent is refused.
    await query(clawback, [ID.A, ID.M, ID.program, order, -60, paid]);
    await query(clawback, [ID.A, ID.M, ID.program, order, -40, paid]);
    await expectPgError(
      query(clawback, [ID.A, ID.M, ID.program, order, -1, paid]),
      '23514',
      "Clawbacks cannot take back more than the sale's commission (100 of 100 taken back already)",
    );
    // Only a sale of the same order and affiliate can be clawed back.
    const other = await commission('paid');
    await expect(
      query(clawback, [ID.A, ID.M, ID.program, order, -10, other]),
    ).rejects.toMatchObject({ code: '23514' });
    await expect(query(clawback, [ID.B, ID.M, ID.program, order, -10, paid])).rejects.toMatchObject(
      { code: '23514' },
    );
  });

  it('an admin approves through the API; the affiliate cannot', async () => {
    const id = await commission();
    const affiliate = await as(EMAIL.A);
    const own = await affiliate
      .from('commissions')
      .update({ status: 'approved' }, { count: 'exact' })
      .eq('id', id);
    expect(own.count ?? 0).toBe(0);
    const admin = await as(EMAIL.admin);
    const approved = await admin
      .from('commissions')
      .update({ status: 'approved' })
      .eq('id', id)
      .select('status')
      .single();
    expect(approved.data).toEqual({ status: 'approved' });
  });
});

describe('revenue transparency', () => {
  it('reveals monthly aggregates only for months with at least three sales', async () => {
    const anon = anonClient(stack);
    const month = (
      await query(
        `select (date_trunc('month', now() at time zone 'UTC') - interval '3 months')::date::text as m`,
      )
    ).rows[0].m;
    const addOrder = () =>
      query(
        `insert into public.orders (merchant_id, status, total_cents, merchant_amount_cents, affiliate_amount_cents,
                                    platform_fee_cents, payment_fee_cents, paid_at)
         values ($1, 'paid', 10000, 8000, 1000, 500, 500, $2::date + interval '10 days')`,
        [ID.M2, month],
      );
    const monthRow = async () => {
      const { data, error } = await anon.rpc('revenue_transparency', { months: 12 });
      expect(error).toBeNull();
      return (data as { month: string }[]).find((row) => row.month === month);
    };

    await addOrder();
    await addOrder();
    expect(await monthRow()).toBeUndefined();

    await addOrder();
    expect(await monthRow()).toEqual({
      month,
      currency: 'USD',
      orders: 3,
      gross_cents: 30000,
      merchant_cents: 24000,
      affiliate_cents: 3000,
      platform_fee_cents: 1500,
      payment_fee_cents: 1500,
      refunded_cents: 0,
    });
    // The orders themselves stay private.
    expect((await anon.from('orders').select('id')).data).toEqual([]);
  });
});

describe('memberships', () => {
  it('auto-approve programs approve at once; others wait for the merchant', async () => {
    const auto = (
      await query(
        `insert into public.affiliate_programs (merchant_id, name, commission_type, commission_rate_bps, auto_approve)
       values ($1, 'Auto', 'percent', 500, true) returning id`,
        [ID.M],
      )
    ).rows[0].id as string;
    const b = await as(EMAIL.B);
    const joined = await b
      .from('program_memberships')
      .insert({ program_id: auto, affiliate_id: ID.B, status: 'approved' })
      .select('status')
      .single();
    expect(joined.data).toEqual({ status: 'approved' });
    const open = await b
      .from('program_memberships')
      .insert({ program_id: ID.programOpen, affiliate_id: ID.B, status: 'approved' })
      .select('id, status')
      .single();
    expect(open.data?.status).toBe('pending');

    const selfApprove = await b
      .from('program_memberships')
      .update({ status: 'approved' }, { count: 'exact' })
      .eq('id', open.data!.id);
    expect(selfApprove.count ?? 0).toBe(0);

    const merchant = await as(EMAIL.M);
    const decided = await merchant
      .from('program_memberships')
      .update({ status: 'approved' })
      .eq('id', open.data!.id)
      .select('status, decided_by')
      .single();
    expect(decided.data).toEqual({ status: 'approved', decided_by: ID.M });
  });

  it('an affiliate links only to programs it is approved in', async () => {
    const b = await as(EMAIL.B);
    const refused = await b.from('affiliate_links').insert({
      code: 'b-sneaky',
      affiliate_id: ID.B,
      program_id: ID.program,
      destination_url: '/shop',
    });
    expect(refused.error?.code).toBe('42501');
    const allowed = await b.from('affiliate_links').insert({
      code: 'b-allowed',
      affiliate_id: ID.B,
      program_id: ID.programM2,
      destination_url: '/shop',
    });
    expect(allowed.error).toBeNull();
  });
});

describe('reviews and moderation', () => {
  it('an edited claim goes back to review; only admins approve claims and products', async () => {
    const merchant = await as(EMAIL.M);
    const claim = await merchant
      .from('sustainability_claims')
      .update({ scope: 'Everything we ship' })
      .eq('id', ID.claimApproved)
      .select('review_status')
      .single();
    expect(claim.data).toEqual({ review_status: 'pending' });
    const approve = await merchant
      .from('sustainability_claims')
      .update({ review_status: 'approved' })
      .eq('id', ID.claimApproved);
    expect(approve.error?.message).toBe('Only administrators can review sustainability claims');
    const product = await merchant
      .from('products')
      .update({ status: 'approved' })
      .eq('id', ID.productDraft);
    expect(product.error?.message).toBe('Only administrators can approve or reject products');
    const submit = await merchant
      .from('products')
      .update({ status: 'pending_review' })
      .eq('id', ID.productDraft);
    expect(submit.error).toBeNull();

    const admin = await as(EMAIL.admin);
    const approved = await admin
      .from('products')
      .update({ status: 'approved' })
      .eq('id', ID.productDraft)
      .select('status, reviewed_by')
      .single();
    expect(approved.data).toEqual({ status: 'approved', reviewed_by: ID.admin });
  });

  it('authors cannot pin, hide or restore posts; moderators can', async () => {
    const a = await as(EMAIL.A);
    expect(
      (await a.from('posts').update({ is_pinned: true }).eq('id', ID.postA)).error?.message,
    ).toBe('Only moderators can pin posts');
    expect(
      (
        await a
          .from('posts')
          .insert({ author_id: ID.A, title: 'Pinned?', body: 'x', is_pinned: true })
      ).error?.message,
    ).toBe('Only moderators can pin posts');
    const b = await as(EMAIL.B);
    expect(
      (await b.from('posts').update({ status: 'published' }).eq('id', ID.postBHidden)).error
        ?.message,
    ).toBe('Only moderators can change this status');
    const admin = await as(EMAIL.admin);
    expect(
      (await admin.from('posts').update({ is_pinned: true }).eq('id', ID.postA)).error,
    ).toBeNull();
    const moved = await a
      .from('comments')
      .update({ post_id: ID.postBHidden })
      .eq('id', ID.commentA);
    expect(moved.error?.message).toBe('A comment stays where it was written');
    const withdrawn = await a.from('comments').update({ status: 'removed' }).eq('id', ID.commentA);
    expect(withdrawn.error).toBeNull();
  });

  it('a demo account reads but does not post', async () => {
    await query(
      `insert into auth.users (id, email, encrypted_password, email_confirmed_at) values
       ('00000000-0000-4000-8000-00000000d001', 'demo@domain.test', extensions.crypt($1, extensions.gen_salt('bf', 4)), now())`,
      [PASSWORD],
    );
    await query(
      `update public.profiles set role = 'demo' where id = '00000000-0000-4000-8000-00000000d001'`,
    );
    const demo = await signedInClient(stack, 'demo@domain.test', PASSWORD);
    expect((await demo.from('posts').select('id').eq('id', ID.postA)).data).toHaveLength(1);
    const post = await demo
      .from('posts')
      .insert({ author_id: '00000000-0000-4000-8000-00000000d001', title: 'Demo', body: 'x' });
    expect(post.error?.code).toBe('42501');
  });
});

describe('messages', () => {
  it('the recipient marks read; nobody edits a message body', async () => {
    const a = await as(EMAIL.A);
    const read = await a
      .from('messages')
      .update({ read_at: new Date().toISOString() })
      .eq('id', ID.messageMA)
      .select('read_at')
      .single();
    expect(read.data?.read_at).not.toBeNull();
    const edit = await a.from('messages').update({ body: 'Tampered' }).eq('id', ID.messageMA);
    expect(edit.error?.code).toBe('42501');
    await withClient(stack, (client) =>
      asUser(
        client,
        ID.A,
        (c) =>
          expectPgError(
            c.query(`update public.messages set body = 'Edited' where id = $1`, [ID.messageMA]),
            '42501',
            'Only the read mark of a message can change',
          ),
        async (c) => {
          await c.query('grant update on public.messages to authenticated');
        },
      ),
    );
  });

  it('sending bumps the conversation; outsiders see neither', async () => {
    const m = await as(EMAIL.M);
    const sent = await m
      .from('messages')
      .insert({ conversation_id: ID.conversationMA, sender_id: ID.M, body: 'Another one' });
    expect(sent.error).toBeNull();
    const conv = await m
      .from('conversations')
      .select('last_message_at')
      .eq('id', ID.conversationMA)
      .single();
    expect(conv.data?.last_message_at).not.toBeNull();
    for (const email of [EMAIL.B, EMAIL.admin]) {
      const outsider = await as(email);
      expect(
        (await outsider.from('messages').select('id').eq('conversation_id', ID.conversationMA))
          .data,
      ).toEqual([]);
      expect(
        (await outsider.from('conversations').select('id').eq('id', ID.conversationMA)).data,
      ).toEqual([]);
    }
  });

  it('a conversation joins a merchant and an affiliate only', async () => {
    const a = await as(EMAIL.A);
    const withAffiliate = await a
      .from('conversations')
      .insert({ merchant_id: ID.B, affiliate_id: ID.A });
    expect(withAffiliate.error?.code).toBe('42501');
  });
});

describe('certificates', () => {
  it('are issued only when every module is complete, and verify publicly', async () => {
    const b = await as(EMAIL.B);
    expect((await b.rpc('issue_certificate', { course: ID.coursePub })).error?.message).toBe(
      'Enroll in the course first',
    );
    expect(
      (await b.from('enrollments').insert({ course_id: ID.coursePub, user_id: ID.B })).error,
    ).toBeNull();
    expect(
      (await b.from('module_progress').insert({ user_id: ID.B, module_id: ID.modulePub })).error,
    ).toBeNull();
    expect((await b.rpc('issue_certificate', { course: ID.coursePub })).error?.message).toBe(
      'Complete every module first (1 left)',
    );
    expect(
      (await b.from('module_progress').insert({ user_id: ID.B, module_id: ID.modulePub2 })).error,
    ).toBeNull();
    const issued = await b.rpc('issue_certificate', { course: ID.coursePub });
    expect(issued.error).toBeNull();
    expect(issued.data.code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const again = await b.rpc('issue_certificate', { course: ID.coursePub });
    expect(again.data.code).toBe(issued.data.code);

    const verified = await anonClient(stack).rpc('verify_certificate', {
      certificate_code: issued.data.code.toLowerCase(),
    });
    expect(verified.data).toEqual([
      {
        holder_name: 'Affiliate B',
        course_title: 'Published course',
        course_slug: 'matrix-course',
        issued_at: issued.data.issued_at,
      },
    ]);
    const enrollment = await b
      .from('enrollments')
      .select('completed_at')
      .eq('course_id', ID.coursePub)
      .eq('user_id', ID.B)
      .single();
    expect(enrollment.data?.completed_at).not.toBeNull();
  });
});

describe('money flows', () => {
  const service = () => serviceClient(stack);

  async function pendingOrder(opts: { clickAgeDays?: number; price?: number } = {}) {
    const { rows } = await query(
      `with click as (
         insert into public.link_clicks (link_id, clicked_at, visitor_hash)
         values ($1, now() - make_interval(days => $2), 'buyer-' || substr(md5(random()::text), 1, 16))
         returning id
       ), o as (
         insert into public.orders (merchant_id, buyer_id, status, click_id)
         select $3, $4, 'pending', id from click returning id
       )
       insert into public.order_items (order_id, product_id, product_name, unit_price_cents, quantity, line_total_cents, currency)
       select o.id, $5, 'Public product', $6, 2, $6 * 2, 'USD' from o returning order_id`,
      [ID.linkA, opts.clickAgeDays ?? 0, ID.M, ID.B, ID.productPub, opts.price ?? 2500],
    );
    return rows[0].order_id as string;
  }

  const pay = (order: string, fee = 175) =>
    service().rpc('record_order_payment', {
      target: order,
      payment_intent: `pi_${order.slice(0, 8)}`,
      payment_fee_cents: fee,
    });
  const refund = (order: string, cents: number) =>
    service().rpc('record_order_refund', { target: order, refunded_total_cents: cents });
  const saleOf = async (order: string) =>
    (
      await query(`select * from public.commissions where order_id = $1 order by kind desc`, [
        order,
      ])
    ).rows;

  it('a paid order gets its split and one pending commission, however often the webhook arrives', async () => {
    const order = await pendingOrder();
    const first = await pay(order);
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      status: 'paid',
      total_cents: 5000,
      payment_fee_cents: 175,
      platform_fee_cents: 250,
      affiliate_amount_cents: 500,
      merchant_amount_cents: 4075,
      attributed_affiliate_id: ID.A,
    });
    expect((await pay(order, 999)).data).toMatchObject({ payment_fee_cents: 175 });
    const commissions = await saleOf(order);
    expect(commissions).toHaveLength(1);
    expect(commissions[0]).toMatchObject({
      affiliate_id: ID.A,
      amount_cents: 500,
      status: 'pending',
      kind: 'sale',
    });
    const holding =
      new Date(commissions[0].available_at).getTime() - new Date(first.data.paid_at).getTime();
    expect(holding).toBe(30 * 86_400_000);
  });

  it('attributes nothing to a click outside the cookie window', async () => {
    const order = await pendingOrder({ clickAgeDays: 31 });
    const { data } = await pay(order);
    expect(data).toMatchObject({
      status: 'paid',
      affiliate_amount_cents: 0,
      attributed_affiliate_id: null,
    });
    expect(await saleOf(order)).toEqual([]);
  });

  it('refuses bad input and changes nothing', async () => {
    const order = await pendingOrder();
    expect((await pay(order, -1)).error?.code).toBe('22023');
    expect((await pay(order, 1_000_000)).error?.message).toBe(
      'The payment fee exceeds the order total',
    );
    expect((await refund(order, 100)).error?.message).toBe('Only paid orders can be refunded');
    expect(
      (await query(`select status from public.orders where id = $1`, [order])).rows[0].status,
    ).toBe('pending');
    const affiliate = await as(EMAIL.A);
    expect(
      (
        await affiliate.rpc('record_order_payment', {
          target: order,
          payment_intent: 'pi_x',
          payment_fee_cents: 0,
        })
      ).error?.code,
    ).toBe('42501');
  });

  it('releases due commissions, pays them out and claws back a refund after payout', async () => {
    const order = await pendingOrder();
    await pay(order);
    const affiliate = await as(EMAIL.A);
    expect((await affiliate.rpc('release_due_commissions', {})).error?.message).toBe(
      'Only administrators can release commissions',
    );
    const admin = await as(EMAIL.admin);
    // Nobody releases ahead of time: a date in the future is refused and nothing changes.
    const later = new Date(Date.now() + 31 * 86_400_000).toISOString();
    const early = await admin.rpc('release_due_commissions', { as_of: later });
    expect(early.error).toMatchObject({
      code: '22023',
      message: 'Commissions cannot be released ahead of time: the date must not be in the future',
    });
    expect((await saleOf(order))[0].status).toBe('pending');
    // The holding period passes.
    await query(
      `update public.commissions set available_at = now() - interval '1 day' where order_id = $1`,
      [order],
    );
    const released = await admin.rpc('release_due_commissions', {});
    expect(released.data).toBeGreaterThanOrEqual(1);
    expect((await saleOf(order))[0].status).toBe('approved');

    const approvedTotal = Number(
      (
        await query(
          `select sum(amount_cents) as s from public.commissions where affiliate_id = $1 and status = 'approved' and payout_id is null`,
          [ID.A],
        )
      ).rows[0].s,
    );
    const payout = await admin.rpc('create_payout', { affiliate: ID.A });
    expect(payout.data).toMatchObject([
      { affiliate_id: ID.A, amount_cents: approvedTotal, status: 'processing' },
    ]);
    const paid = await admin.rpc('mark_payout_paid', {
      payout: payout.data[0].id,
      transfer_id: 'tr_money_flow',
    });
    expect(paid.data).toMatchObject({ status: 'paid', stripe_transfer_id: 'tr_money_flow' });
    expect((await saleOf(order))[0].status).toBe('paid');
    expect((await admin.rpc('create_payout', { affiliate: ID.A })).data).toEqual([]);

    expect((await refund(order, 5000)).data).toMatchObject({
      status: 'refunded',
      refunded_cents: 5000,
    });
    expect((await refund(order, 5000)).error).toBeNull();
    const rows = await saleOf(order);
    expect(rows.map((r) => [r.kind, r.status, r.amount_cents])).toEqual([
      ['sale', 'paid', 500],
      ['clawback', 'approved', -500],
    ]);
  });

  it('reverses the commission of an order refunded before payout, with its partial clawbacks', async () => {
    const full = await pendingOrder();
    await pay(full);
    await refund(full, 5000);
    expect((await saleOf(full)).map((r) => [r.kind, r.status])).toEqual([['sale', 'reversed']]);

    // Partial refunds while the sale is held: each takes back its share, pending like the sale.
    const partial = await pendingOrder();
    await pay(partial);
    const [sale] = await saleOf(partial);
    expect((await refund(partial, 1000)).data).toMatchObject({
      status: 'partially_refunded',
      refunded_cents: 1000,
    });
    // Older or repeated refund amounts add nothing.
    expect((await refund(partial, 500)).data).toMatchObject({ refunded_cents: 1000 });
    expect((await refund(partial, 1000)).error).toBeNull();
    let rows = await saleOf(partial);
    expect(rows.map((r) => [r.kind, r.status, r.amount_cents])).toEqual([
      ['sale', 'pending', 500],
      ['clawback', 'pending', -100],
    ]);
    expect(rows[1]).toMatchObject({
      reverses_commission_id: sale.id,
      available_at: sale.available_at,
    });
    // A second partial refund takes the further share (25 % → 50 % of the order).
    await refund(partial, 2500);
    rows = await saleOf(partial);
    expect(rows.map((r) => r.amount_cents).sort((a, b) => a - b)).toEqual([-150, -100, 500]);
    // The rest is refunded before any payout: the sale and its clawbacks are all reversed.
    expect((await refund(partial, 5000)).data).toMatchObject({ status: 'refunded' });
    rows = await saleOf(partial);
    expect(rows.map((r) => r.status)).toEqual(['reversed', 'reversed', 'reversed']);
  });

  it('releases a held sale with its partial clawbacks, pays the net, and claws back the rest after payout', async () => {
    // 50,000 in all (2 × 25,000), a 5,000 commission: large enough that the affiliate's other
    // open clawbacks from earlier tests leave a positive payout.
    const order = await pendingOrder({ price: 25_000 });
    await pay(order);
    await refund(order, 12_500); // a quarter: 1,250 of the commission
    const admin = await as(EMAIL.admin);
    await query(
      `update public.commissions set available_at = now() - interval '1 day' where order_id = $1`,
      [order],
    );
    expect((await admin.rpc('release_due_commissions', {})).error).toBeNull();
    let rows = await saleOf(order);
    expect(rows.map((r) => [r.kind, r.status, r.amount_cents])).toEqual([
      ['sale', 'approved', 5000],
      ['clawback', 'approved', -1250],
    ]);
    // Approved and not yet in a payout: a further partial refund is approved at once.
    await refund(order, 20_000); // 40 %: 2,000 in all, 750 more
    rows = await saleOf(order);
    expect(
      rows
        .filter((r) => r.kind === 'clawback')
        .map((r) => [r.status, r.amount_cents])
        .sort((a, b) => Number(a[1]) - Number(b[1])),
    ).toEqual([
      ['approved', -1250],
      ['approved', -750],
    ]);
    const others = Number(
      (
        await query(
          `select coalesce(sum(amount_cents), 0) as s from public.commissions
            where affiliate_id = $1 and status = 'approved' and payout_id is null and order_id <> $2`,
          [ID.A, order],
        )
      ).rows[0].s,
    );
    const payout = await admin.rpc('create_payout', { affiliate: ID.A });
    expect(payout.data).toMatchObject([{ amount_cents: others + 5000 - 2000 }]);
    await admin.rpc('mark_payout_paid', { payout: payout.data[0].id, transfer_id: 'tr_partial' });
    expect((await saleOf(order)).map((r) => r.status)).toEqual(['paid', 'paid', 'paid']);

    // After payout, a refund of the rest claws back what the affiliate still holds of it.
    await refund(order, 50_000);
    rows = await saleOf(order);
    expect(
      rows.filter((r) => r.status === 'approved').map((r) => [r.kind, r.amount_cents]),
    ).toEqual([['clawback', -3000]]);
    expect(rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(0);
  });
});

describe('server timestamps', () => {
  it('stamps creation times on API writes and keeps them on updates', async () => {
    const a = await as(EMAIL.A);
    const recent = (value: string) => Date.now() - new Date(value).getTime() < 60_000;
    const post = await a
      .from('posts')
      .insert({
        author_id: ID.A,
        title: 'Backdated?',
        body: 'x',
        created_at: '2000-01-01T00:00:00Z',
        updated_at: '2000-01-01T00:00:00Z',
      })
      .select('id, created_at, updated_at')
      .single();
    expect(recent(post.data!.created_at) && recent(post.data!.updated_at)).toBe(true);
    const updated = await a
      .from('posts')
      .update({ created_at: '2001-01-01T00:00:00Z' })
      .eq('id', post.data!.id)
      .select('created_at')
      .single();
    expect(updated.data!.created_at).toBe(post.data!.created_at);
    const message = await a
      .from('messages')
      .insert({
        conversation_id: ID.conversationMA,
        sender_id: ID.A,
        body: 'From the past',
        created_at: '1999-12-31T00:00:00Z',
      })
      .select('created_at')
      .single();
    expect(recent(message.data!.created_at)).toBe(true);
  });
});

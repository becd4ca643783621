// The merchant dashboard, the merchant's affiliates, conversation summaries and admin metrics
// through the API client against a real local stack.
import { beforeAll, describe, expect, it } from 'vitest';
import { must, unique, useWorld, type Actor } from './world.ts';

const w = useWorld();
let admin: Actor;
let merchant: Actor;
let rival: Actor;
let affiliate: Actor;
let applicant: Actor;
let programId: string;
let membershipId: string;

beforeAll(async () => {
  [admin, merchant, rival, affiliate, applicant] = await Promise.all([
    w.actor('admin'),
    w.approvedMerchant('Moss & Co'),
    w.approvedMerchant('Rival Co'),
    w.actor('affiliate', 'Ada Affiliate'),
    w.actor('affiliate', 'Ben Applicant'),
  ]);
  const program = await merchant.api.programs.create({
    name: 'Moss partners',
    commission_type: 'percent',
    commission_rate_bps: 1000,
  });
  programId = program.id;
  const product = await must(
    w.service
      .from('products')
      .insert({
        merchant_id: merchant.id,
        name: 'Moss soap',
        slug: `moss-soap-${unique()}`,
        price_cents: 1200,
        status: 'approved',
      })
      .select('id')
      .single(),
  );
  const membership = await affiliate.api.memberships.apply(programId);
  membershipId = membership.id;
  await merchant.api.memberships.decide(membershipId, 'approved');
  await applicant.api.memberships.apply(programId, 'I write about zero-waste homes');
  const link = await must(
    w.service
      .from('affiliate_links')
      .insert({
        code: `moss-${unique()}`,
        affiliate_id: affiliate.id,
        program_id: programId,
        product_id: product.id,
        destination_url: '/shop',
      })
      .select('id')
      .single(),
  );
  await must(
    w.service.from('link_clicks').insert([
      { link_id: link.id, visitor_hash: 'visitor-moss-000000001' },
      { link_id: link.id, visitor_hash: 'visitor-moss-000000002' },
    ]),
  );
  const order = await must(
    w.service
      .from('orders')
      .insert({
        merchant_id: merchant.id,
        status: 'paid',
        paid_at: new Date().toISOString(),
        subtotal_cents: 2400,
        total_cents: 2400,
        merchant_amount_cents: 1896,
        affiliate_amount_cents: 240,
        platform_fee_cents: 120,
        payment_fee_cents: 144,
        affiliate_link_id: link.id,
        attributed_affiliate_id: affiliate.id,
      })
      .select('id')
      .single(),
  );
  await must(
    w.service.from('order_items').insert({
      order_id: order.id,
      product_id: product.id,
      product_name: 'Moss soap',
      unit_price_cents: 1200,
      quantity: 2,
      line_total_cents: 2400,
      currency: 'USD',
    }),
  );
  await must(
    w.service.from('commissions').insert({
      affiliate_id: affiliate.id,
      merchant_id: merchant.id,
      program_id: programId,
      order_id: order.id,
      link_id: link.id,
      amount_cents: 240,
      available_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    }),
  );
});

describe('vendor.dashboard', () => {
  it("adds up the merchant's attributed sales, commissions owed, funnel and top lists", async () => {
    const d = await merchant.api.vendor.dashboard(30);
    expect(d.series).toHaveLength(30);
    expect(d.totals).toMatchObject({
      clicks: 2,
      unique_clicks: 2,
      orders: 1,
      attributed_orders: 1,
      revenue_cents: 2400,
      commissions_owed_cents: 240,
    });
    expect(d.top_affiliates).toEqual([
      expect.objectContaining({ affiliate_id: affiliate.id, name: 'Ada Affiliate', orders: 1 }),
    ]);
    expect(d.top_products).toEqual([
      expect.objectContaining({ product_name: 'Moss soap', units: 2, revenue_cents: 2400 }),
    ]);
  });

  it('keeps other merchants and affiliates out and refuses bad ranges before any request', async () => {
    await expect(rival.api.vendor.dashboard(30, merchant.id)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(affiliate.api.vendor.dashboard(30)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(merchant.api.vendor.dashboard(0)).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(admin.api.vendor.dashboard(7, merchant.id)).resolves.toMatchObject({ days: 7 });
  });
});

describe('programs.setCommission', () => {
  it('switches the commission type for the owner only and refuses impossible rates', async () => {
    const flat = await merchant.api.programs.setCommission(programId, {
      commission_type: 'flat',
      commission_flat_cents: 450,
    });
    expect(flat).toMatchObject({ commission_type: 'flat', commission_flat_cents: 450 });
    expect(flat.commission_rate_bps).toBeNull();
    await expect(
      rival.api.programs.setCommission(programId, {
        commission_type: 'percent',
        commission_rate_bps: 5000,
      }),
    ).rejects.toBeDefined();
    await expect(
      merchant.api.programs.setCommission(programId, {
        commission_type: 'percent',
        commission_rate_bps: 20_000,
      }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    const back = await merchant.api.programs.setCommission(programId, {
      commission_type: 'percent',
      commission_rate_bps: 1000,
    });
    expect(back).toMatchObject({ commission_rate_bps: 1000, commission_flat_cents: null });
  });
});

describe('vendor.affiliates', () => {
  it('lists applicants first, then members with their performance', async () => {
    const rows = await merchant.api.vendor.affiliates();
    expect(rows.map((r) => [r.name, r.status])).toEqual([
      ['Ben Applicant', 'pending'],
      ['Ada Affiliate', 'approved'],
    ]);
    expect(rows[0]!.application_note).toBe('I write about zero-waste homes');
    expect(rows[1]).toMatchObject({
      clicks: 2,
      orders: 1,
      revenue_cents: 2400,
      commission_cents: 240,
    });
    await expect(rival.api.vendor.affiliates()).resolves.toEqual([]);
  });

  it('adds up the performance over all time, beyond any dashboard range', async () => {
    const [link] = await must(
      w.service.from('affiliate_links').select('id').eq('affiliate_id', affiliate.id),
    );
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await must(
      w.service.from('orders').insert({
        merchant_id: merchant.id,
        status: 'paid',
        created_at: longAgo,
        paid_at: longAgo,
        subtotal_cents: 1000,
        total_cents: 1000,
        merchant_amount_cents: 790,
        affiliate_amount_cents: 100,
        platform_fee_cents: 50,
        payment_fee_cents: 60,
        affiliate_link_id: link!.id,
        attributed_affiliate_id: affiliate.id,
      }),
    );
    const member = (await merchant.api.vendor.affiliates()).find(
      (r) => r.affiliate_id === affiliate.id,
    );
    expect(member).toMatchObject({ orders: 2, revenue_cents: 3400 });
  });
});

describe('messages.listSummaries and markConversationRead', () => {
  it('shows the other participant and unread messages until the recipient reads them', async () => {
    const conversation = await merchant.api.messages.open({ counterpartId: affiliate.id });
    await merchant.api.messages.send(conversation.id, 'Thanks for joining Moss partners');
    await merchant.api.messages.send(conversation.id, 'Samples ship on Monday');
    const [summary] = await affiliate.api.messages.listSummaries();
    expect(summary).toMatchObject({
      id: conversation.id,
      counterpart_name: 'Moss & Co',
      unread: 2,
      last_message: 'Samples ship on Monday',
    });
    const [mine] = await merchant.api.messages.listSummaries();
    expect(mine).toMatchObject({ counterpart_name: 'Ada Affiliate', unread: 0 });
    // The sender cannot mark its own messages read; the recipient can.
    await expect(merchant.api.messages.markConversationRead(conversation.id)).resolves.toBe(0);
    await expect(affiliate.api.messages.markConversationRead(conversation.id)).resolves.toBe(2);
    const [after] = await affiliate.api.messages.listSummaries();
    expect(after!.unread).toBe(0);
  });
});

describe('messages.start', () => {
  it('creates the conversation with its first message, and continues it afterwards', async () => {
    const before = await merchant.api.messages.listSummaries();
    expect(before.map((c) => c.counterpart_id)).not.toContain(applicant.id);
    const first = await merchant.api.messages.start({
      counterpartId: applicant.id,
      body: 'Thanks for applying to Moss partners',
    });
    expect(first.conversation).toMatchObject({
      merchant_id: merchant.id,
      affiliate_id: applicant.id,
    });
    expect(first.message).toMatchObject({
      conversation_id: first.conversation.id,
      sender_id: merchant.id,
      body: 'Thanks for applying to Moss partners',
    });
    const [theirs] = await applicant.api.messages.listSummaries();
    expect(theirs).toMatchObject({
      id: first.conversation.id,
      counterpart_name: 'Moss & Co',
      unread: 1,
      last_message: 'Thanks for applying to Moss partners',
    });
    // Another first message goes to the same conversation.
    const again = await merchant.api.messages.start({
      counterpartId: applicant.id,
      body: 'One more thing',
    });
    expect(again.conversation.id).toBe(first.conversation.id);
    await expect(merchant.api.messages.listMessages(first.conversation.id)).resolves.toMatchObject({
      total: 2,
    });
  });

  it('leaves no conversation behind when the message or the conversation is refused', async () => {
    await expect(
      rival.api.messages.start({ counterpartId: affiliate.id, body: '   ' }),
    ).rejects.toMatchObject({ code: 'validation_failed', details: { field: 'body' } });
    // The affiliate is in none of the rival's programs: the conversation is refused.
    await expect(
      rival.api.messages.start({ counterpartId: affiliate.id, body: 'Join us instead?' }),
    ).rejects.toBeDefined();
    await expect(rival.api.messages.listSummaries()).resolves.toEqual([]);
  });
});

describe('admin.platformMetrics and profile search', () => {
  it('gives administrators users by role, GMV and engagement', async () => {
    const m = await admin.api.admin.platformMetrics(7);
    expect(m.series).toHaveLength(7);
    expect(m.users_by_role.merchant).toBeGreaterThanOrEqual(2);
    expect(m.gmv_cents).toBeGreaterThanOrEqual(2400);
    await expect(merchant.api.admin.platformMetrics(7)).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('finds users by part of a name, case-insensitively, and ignores filter syntax', async () => {
    const page = await admin.api.admin.listProfiles({ search: 'ada aff' });
    expect(page.rows.map((p) => p.id)).toEqual([affiliate.id]);
    const tricky = await admin.api.admin.listProfiles({ search: 'ada),role.eq.admin' });
    expect(tricky.rows).toEqual([]);
  });
});

describe('merchants: onboarding, claims and uploads', () => {
  it('saves the company step by step, stores evidence privately and finishes onboarding', async () => {
    const newcomer = await w.actor('merchant', 'Fresh Fern');
    await expect(newcomer.api.merchants.getMine()).resolves.toBeNull();
    await expect(newcomer.api.merchants.saveCompany({ website: null })).rejects.toMatchObject({
      code: 'validation_failed',
      details: { field: 'company_name' },
    });
    await newcomer.api.merchants.saveCompany({ company_name: 'Fresh Fern Ltd' });
    await newcomer.api.merchants.saveCompany({
      website: 'https://fresh-fern.example',
      description: 'Refillable cleaning products',
      sustainability_statement: 'We refill bottles in our own shop and take empties back.',
      onboarding_step: 'sustainability',
    });
    await expect(
      newcomer.api.merchants.saveCompany({ sustainability_statement: 'Too short' }),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    const pdf = new Blob(['%PDF-1.4 evidence'], { type: 'application/pdf' });
    const path = await newcomer.api.merchants.uploadEvidence(pdf, 'refill audit 2026.pdf');
    expect(path.startsWith(`${newcomer.id}/`)).toBe(true);
    await expect(
      newcomer.api.merchants.uploadEvidence(
        new Blob(['<svg/>'], { type: 'image/svg+xml' }),
        'x.svg',
      ),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(newcomer.api.merchants.addClaim({ claim: 'Refill scheme' })).rejects.toMatchObject(
      { code: 'validation_failed', details: { field: 'evidence' } },
    );
    const claim = await newcomer.api.merchants.addClaim({
      claim: 'Bottles are refilled at least 20 times',
      category: 'packaging',
      evidence_document: path,
      issuer: 'Refill Audit Co',
      issued_on: '2026-01-10',
      expires_on: '2027-01-10',
    });
    expect(claim.review_status).toBe('pending');
    // Evidence is private: the merchant gets a signed link, another merchant cannot.
    await expect(newcomer.api.merchants.evidenceLink(path)).resolves.toMatch(/^http/);
    await expect(rival.api.merchants.evidenceLink(path)).rejects.toBeDefined();
    const profile = await newcomer.api.profiles.completeOnboarding();
    expect(profile.has_completed_onboarding).toBe(true);
    const company = await newcomer.api.merchants.getMine();
    expect(company).toMatchObject({
      onboarding_step: 'complete',
      approval_status: 'pending',
      sustainability_statement: 'We refill bottles in our own shop and take empties back.',
    });
    // The admin queues show the new company and its claim.
    const merchants = await admin.api.admin.listMerchants('pending');
    expect(merchants.rows.map((m) => m.id)).toContain(newcomer.id);
    const claims = await admin.api.admin.listClaims('pending');
    expect(claims.rows.map((c) => c.id)).toContain(claim.id);
    await expect(merchant.api.admin.listMerchants('pending')).resolves.toMatchObject({ total: 0 });
  });

  it('uploads product images publicly, in the merchant’s own folder', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], {
      type: 'image/png',
    });
    const url = await merchant.api.merchants.uploadProductImage(png, 'soap.png');
    expect(url).toContain(`/product-images/${merchant.id}/`);
    const product = await merchant.api.products.create({
      name: 'Moss soap refill',
      slug: `moss-refill-${unique()}`,
      price_cents: 900,
      images: [url],
    });
    const submitted = await merchant.api.products.submitForReview(product.id);
    expect(submitted.status).toBe('pending_review');
    const queue = await admin.api.admin.listProductsForReview();
    expect(queue.rows.map((p) => p.id)).toContain(product.id);
  });
});

describe('community.listPostReactions', () => {
  it('lists the reactions on a post for anyone, and refuses a malformed id before any request', async () => {
    const post = await affiliate.api.community.createPost({
      title: 'Refill stations near you',
      body: 'Where do you refill detergent?',
    });
    await applicant.api.community.react({ postId: post.id }, 'like');
    await affiliate.api.community.react({ postId: post.id }, 'insightful');
    const reactions = await w.anon.community.listPostReactions(post.id);
    expect(reactions.map((r) => r.kind).sort()).toEqual(['insightful', 'like']);
    await expect(w.anon.community.listPostReactions('not-a-uuid')).rejects.toMatchObject({
      code: 'validation_failed',
    });
  });
});

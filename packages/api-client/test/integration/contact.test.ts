import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/index.ts';
import { unique, useWorld } from './world.ts';

const world = useWorld();

describe('contact messages', () => {
  it('lets a visitor send a message that only administrators can read, sanitised', async () => {
    const email = `visitor-${unique()}@example.com`;
    await world.anon.contact.submit({
      name: 'Visitor <b>One</b>',
      email,
      subject: 'Pricing',
      message: 'Hello <script>alert(1)</script>there',
      source: 'investors',
    });
    const affiliate = await world.actor('affiliate');
    await affiliate.api.contact.submit({
      name: 'Affiliate',
      email: affiliate.email,
      message: 'Hi',
    });

    // Senders and other users read nothing.
    expect((await affiliate.api.contact.list()).rows).toEqual([]);
    await expect(world.anon.contact.list()).rejects.toMatchObject({ code: 'forbidden' });

    const admin = await world.actor('admin');
    const { rows } = await admin.api.contact.list();
    const visitor = rows.find((row) => row.email === email);
    expect(visitor).toMatchObject({
      name: 'Visitor One',
      subject: 'Pricing',
      source: 'investors',
      sender_id: null,
    });
    expect(visitor?.message).not.toContain('<');
    expect(rows.find((row) => row.email === affiliate.email)?.sender_id).toBe(affiliate.id);
  });

  it('refuses bad input before the network and in the database, changing nothing', async () => {
    await expect(
      world.anon.contact.submit({ name: 'X', email: 'nope', message: 'Hi' }),
    ).rejects.toMatchObject({ code: 'validation_failed', details: { field: 'email' } });

    // A client that skips the API client meets the same rules in Postgres.
    const { error, status } = await world.anon.supabase
      .from('contact_messages')
      .insert({ name: 'X', email: 'bad..address@example.com', message: 'Hi' });
    expect(status).toBe(400);
    expect(error?.code).toBe('23514');
    // The sender column cannot be forged.
    const forged = await world.anon.supabase.from('contact_messages').insert({
      name: 'X',
      email: `forger-${unique()}@example.com`,
      message: 'Hi',
      sender_id: '00000000-0000-4000-8000-000000000001',
    });
    expect(forged.error?.code).toBe('42501');
    const { count } = await world.service
      .from('contact_messages')
      .select('id', { count: 'exact', head: true })
      .eq('name', 'X');
    expect(count).toBe(0);
  });

  it('limits one address to five messages an hour (rate_limited, HTTP 429)', async () => {
    const email = `busy-${unique()}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      await world.anon.contact.submit({ name: 'Busy', email, message: `Message ${i}` });
    }
    const error = await world.anon.contact
      .submit({ name: 'Busy', email: email.toUpperCase(), message: 'One more' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'rate_limited', status: 429 });
  });
});

describe('marketing figures', () => {
  it('gives anyone live aggregates and the typical program terms', async () => {
    const before = await world.anon.marketing.figures();
    const merchant = await world.approvedMerchant();
    await merchant.api.programs.create({
      name: 'Refill programme',
      commission_type: 'percent',
      commission_rate_bps: 1200,
      cookie_window_days: 45,
      holding_days: 14,
    });
    const after = await world.anon.marketing.figures();
    expect(after.active_programs).toBe(before.active_programs + 1);
    expect(after.approved_merchants).toBe(before.approved_merchants + 1);
    expect(after.median_commission_bps).toBe(1200);
    expect(after.median_cookie_window_days).toBe(45);
    expect(after.median_holding_days).toBe(14);
    expect(Date.parse(after.as_of)).toBeGreaterThan(Date.now() - 60_000);
    const terms = await world.anon.marketing.programTerms();
    expect(terms.find((t) => t.program_name === 'Refill programme')).toMatchObject({
      merchant_name: 'Merchant tester Co',
      commission_type: 'percent',
      commission_rate_bps: 1200,
      cookie_window_days: 45,
      holding_days: 14,
    });
    await expect(world.anon.marketing.programTerms(0)).rejects.toMatchObject({
      code: 'validation_failed',
    });
    // Only aggregates: no identifying column.
    expect(Object.keys(after).sort()).toEqual(
      [
        'active_programs',
        'affiliates',
        'approved_merchants',
        'approved_products',
        'as_of',
        'clicks_30d',
        'median_commission_bps',
        'median_cookie_window_days',
        'median_holding_days',
        'orders_paid',
        'tracked_links',
        'verified_claims',
      ].sort(),
    );
  });
});

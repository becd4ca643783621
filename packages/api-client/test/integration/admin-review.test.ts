// The administrators' review queues through the API client against a real local stack: only
// merchants who finished onboarding can be approved, rejections carry their reason to the merchant,
// a rejected merchant sends its company again, the queues name merchants, products and evidence,
// and administrators find users by email.
import { beforeAll, describe, expect, it } from 'vitest';
import { unique, useWorld, type Actor } from './world.ts';

const w = useWorld();
let admin: Actor;
let affiliate: Actor;

beforeAll(async () => {
  [admin, affiliate] = await Promise.all([
    w.actor('admin', 'Ava Admin'),
    w.actor('affiliate', 'Ada Affiliate'),
  ]);
});

/** A merchant with company details and a claim, onboarding finished or not. */
async function merchantWithCompany(name: string, finished: boolean): Promise<Actor> {
  const merchant = await w.actor('merchant', name);
  await merchant.api.merchants.saveCompany({ company_name: `${name} Co` });
  await merchant.api.merchants.saveCompany({
    website: 'https://example.com',
    description: 'Refill stations',
    sustainability_statement: 'Every bottle is refilled in our own shop and returned.',
    onboarding_step: 'sustainability',
  });
  await merchant.api.merchants.addClaim({
    claim: 'Bottles are refilled twenty times',
    evidence_url: 'https://audits.example/refill/report-2026.pdf',
  });
  if (finished) await merchant.api.profiles.completeOnboarding();
  return merchant;
}

describe('merchant approval', () => {
  it('lists finished and unfinished merchants apart, and approves only finished ones', async () => {
    const [finished, unfinished] = await Promise.all([
      merchantWithCompany('Finished Fern', true),
      merchantWithCompany('Halfway Heron', false),
    ]);
    const queue = await admin.api.admin.listMerchants('pending', undefined, {
      onboarding: 'finished',
    });
    expect(queue.rows.map((m) => m.id)).toContain(finished.id);
    expect(queue.rows.map((m) => m.id)).not.toContain(unfinished.id);
    const onboarding = await admin.api.admin.listMerchants('pending', undefined, {
      onboarding: 'unfinished',
    });
    expect(onboarding.rows.map((m) => m.id)).toEqual([unfinished.id]);

    await expect(admin.api.admin.reviewMerchant(unfinished.id, 'approved')).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'Only merchants who finished onboarding can be approved',
    });
    await expect(unfinished.api.merchants.getMine()).resolves.toMatchObject({
      approval_status: 'pending',
    });
    await expect(admin.api.admin.reviewMerchant(finished.id, 'approved')).resolves.toMatchObject({
      approval_status: 'approved',
      approved_by: admin.id,
      rejection_reason: null,
    });
  });

  it('tells a rejected merchant why, and sending the company again puts it back in the queue', async () => {
    const merchant = await merchantWithCompany('Rejected Rowan', true);
    const reason = 'Your website does not show the refill station; add a photo or address.';
    await expect(
      admin.api.admin.reviewMerchant(merchant.id, 'approved', reason),
    ).rejects.toMatchObject({ code: 'validation_failed', details: { field: 'reason' } });
    await expect(
      admin.api.admin.reviewMerchant(merchant.id, 'rejected', 'x'.repeat(2001)),
    ).rejects.toMatchObject({ code: 'validation_failed', details: { field: 'reason' } });
    await expect(merchant.api.admin.reviewMerchant(merchant.id, 'rejected')).rejects.toMatchObject({
      code: 'forbidden',
    });

    await admin.api.admin.reviewMerchant(merchant.id, 'rejected', reason);
    await expect(merchant.api.merchants.getMine()).resolves.toMatchObject({
      approval_status: 'rejected',
      rejection_reason: reason,
    });
    const rejected = await admin.api.admin.listMerchants('rejected');
    expect(rejected.rows.map((m) => m.id)).toContain(merchant.id);

    await merchant.api.profiles.completeOnboarding();
    await expect(merchant.api.merchants.getMine()).resolves.toMatchObject({
      approval_status: 'pending',
      rejection_reason: null,
    });
    const queue = await admin.api.admin.listMerchants('pending', undefined, {
      onboarding: 'finished',
    });
    expect(queue.rows.map((m) => m.id)).toContain(merchant.id);
  });
});

describe('product and claim queues', () => {
  it('names the merchant of each product, and a rejection keeps its reason for the merchant', async () => {
    const merchant = await merchantWithCompany('Product Poppy', true);
    const product = await merchant.api.products.create({
      name: 'Poppy soap bar',
      slug: `poppy-soap-${unique()}`,
      price_cents: 700,
      description: 'Cold-process soap in a paper sleeve.',
    });
    await merchant.api.products.submitForReview(product.id);
    const queue = await admin.api.admin.listProductsForReview();
    expect(queue.rows.find((p) => p.id === product.id)).toMatchObject({
      name: 'Poppy soap bar',
      description: 'Cold-process soap in a paper sleeve.',
      merchant: { company_name: 'Product Poppy Co' },
    });

    const rejected = await admin.api.admin.reviewProduct(
      product.id,
      'rejected',
      'Say which oils the soap is made of.',
    );
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Say which oils the soap is made of.',
    });
    await expect(
      admin.api.admin.reviewProduct(product.id, 'approved', 'Looks good'),
    ).rejects.toMatchObject({ code: 'validation_failed', details: { field: 'reason' } });
    const [mine] = (await merchant.api.products.listMine()).rows;
    expect(mine).toMatchObject({
      id: product.id,
      rejection_reason: 'Say which oils the soap is made of.',
    });
    // Approved after all: the reason of the rejection goes with it.
    await expect(admin.api.admin.reviewProduct(product.id, 'approved')).resolves.toMatchObject({
      status: 'approved',
      rejection_reason: null,
    });
  });

  it('names the merchant, the product and the uploaded file of each claim', async () => {
    const merchant = await merchantWithCompany('Claim Clover', false);
    const pdf = new Blob(['%PDF-1.4 evidence'], { type: 'application/pdf' });
    const path = await merchant.api.merchants.uploadEvidence(pdf, 'Clover audit 2026.pdf');
    const claim = await merchant.api.merchants.addClaim({
      claim: 'Packaging is home-compostable',
      evidence_document: path,
    });
    const queue = await admin.api.admin.listClaims('pending');
    expect(queue.rows.find((c) => c.id === claim.id)).toMatchObject({
      merchant: { company_name: 'Claim Clover Co' },
      product: null,
      evidence_document: path,
      evidence_document_name: 'Clover-audit-2026.pdf',
    });
    expect(
      queue.rows.find((c) => c.evidence_url?.startsWith('https://audits.example/')),
    ).toMatchObject({
      evidence_document_name: null,
      merchant: { company_name: expect.any(String) },
    });
  });
});

describe('admin.listUsers', () => {
  it('gives administrators each user with the sign-in email, found by part of it', async () => {
    const byEmail = await admin.api.admin.listUsers({ search: affiliate.email.toUpperCase() });
    expect(byEmail.rows).toEqual([
      expect.objectContaining({ id: affiliate.id, email: affiliate.email, name: 'Ada Affiliate' }),
    ]);
    expect(byEmail.total).toBe(1);
    const byName = await admin.api.admin.listUsers({ search: 'ada aff' });
    expect(byName.rows.map((u) => u.id)).toEqual([affiliate.id]);
    const admins = await admin.api.admin.listUsers({ role: 'admin', pageSize: 100 });
    expect(admins.rows.every((u) => u.role === 'admin')).toBe(true);
    expect(admins.rows.map((u) => u.email)).toContain(admin.email);
    const all = await admin.api.admin.listUsers({ pageSize: 2 });
    expect(all.rows).toHaveLength(2);
    expect(all.total).toBeGreaterThan(2);
  });

  it('refuses everybody else', async () => {
    await expect(affiliate.api.admin.listUsers()).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only administrators can list users with their email addresses',
    });
    await expect(w.anon.admin.listUsers()).rejects.toMatchObject({ code: 'forbidden' });
  });
});

import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/index.ts';
import { evidenceDocumentName } from '../../src/modules/merchants.ts';
import { clientWith, json, TEST_URL, USER_ID } from './fake-fetch.ts';

type Case = [label: string, call: (api: ApiClient) => Promise<unknown>, field: string];

const cases: Case[] = [
  [
    'admin.reviewMerchant approving with a reason',
    (api) => api.admin.reviewMerchant(USER_ID, 'approved', 'Looks fine'),
    'reason',
  ],
  [
    'admin.reviewMerchant with a reason over 2000 characters',
    (api) => api.admin.reviewMerchant(USER_ID, 'rejected', 'x'.repeat(2001)),
    'reason',
  ],
  [
    'admin.reviewProduct approving with a reason',
    (api) => api.admin.reviewProduct(USER_ID, 'approved', 'Nice'),
    'reason',
  ],
  [
    'admin.reviewProduct with a reason over 2000 characters',
    (api) => api.admin.reviewProduct(USER_ID, 'rejected', 'x'.repeat(2001)),
    'reason',
  ],
  [
    'admin.listMerchants with an unknown onboarding filter',
    (api) => api.admin.listMerchants('pending', {}, { onboarding: 'halfway' as never }),
    'onboarding',
  ],
  [
    'admin.listUsers with an unknown role',
    (api) => api.admin.listUsers({ role: 'owner' as never }),
    'role',
  ],
  [
    'admin.listUsers with a search over 100 characters',
    (api) => api.admin.listUsers({ search: 'x'.repeat(101) }),
    'search',
  ],
];

describe('admin review calls validate before any request', () => {
  it.each(cases)('%s', async (_label, call, field) => {
    const { api, mock } = clientWith([]);
    await expect(call(api)).rejects.toMatchObject({
      name: 'ApiError',
      code: 'validation_failed',
      details: { field },
    });
    expect(mock).not.toHaveBeenCalled();
  });
});

describe('admin review requests', () => {
  it('sends a rejection with its reason, and an approval with the status alone', async () => {
    const { api, requests } = clientWith([json({ id: USER_ID }), json({ id: USER_ID })]);
    await api.admin.reviewMerchant(USER_ID, 'rejected', '  Add your certificate.  ');
    expect(requests[0]!.method).toBe('PATCH');
    expect(await requests[0]!.json()).toEqual({
      approval_status: 'rejected',
      rejection_reason: 'Add your certificate.',
    });
    await api.admin.reviewProduct(USER_ID, 'approved');
    expect(await requests[1]!.json()).toEqual({ status: 'approved' });
  });

  it('clears the reason of a rejection without one', async () => {
    const { api, requests } = clientWith([json({ id: USER_ID })]);
    await api.admin.reviewProduct(USER_ID, 'rejected', '   ');
    expect(await requests[0]!.json()).toEqual({ status: 'rejected', rejection_reason: null });
  });

  it('asks for finished or unfinished merchants by their onboarding step', async () => {
    const { api, requests } = clientWith([json([]), json([])]);
    await api.admin.listMerchants('pending', {}, { onboarding: 'finished' });
    await api.admin.listMerchants('pending', {}, { onboarding: 'unfinished' });
    expect(new URL(requests[0]!.url).searchParams.get('onboarding_step')).toBe('eq.complete');
    expect(new URL(requests[1]!.url).searchParams.get('onboarding_step')).toBe('neq.complete');
  });

  it('lists users through admin_list_users with the search as an argument, filtered and paged', async () => {
    const { api, requests } = clientWith([json([])]);
    await api.admin.listUsers({ search: ' ada@example ', role: 'merchant', page: 1, pageSize: 20 });
    const url = new URL(requests[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${TEST_URL}/rest/v1/rpc/admin_list_users`);
    expect(requests[0]!.method).toBe('POST');
    expect(await requests[0]!.json()).toEqual({ search: 'ada@example' });
    expect(url.searchParams.get('role')).toBe('eq.merchant');
    expect(url.searchParams.get('order')).toBe('created_at.desc,id.asc');
    expect(url.searchParams.get('offset')).toBe('20');
    expect(requests[0]!.headers.get('prefer')).toContain('count=exact');
  });

  it('names each claim’s uploaded evidence by the file name it was uploaded as', async () => {
    const claim = (evidence_document: string | null) => ({
      id: USER_ID,
      evidence_document,
      merchant: { company_name: 'Moss Co' },
      product: null,
    });
    const { api } = clientWith([
      json([claim(`${USER_ID}/0f6c1c1e-3f52-4f0a-9d0e-2b1c3d4e5f60-solar-audit.pdf`), claim(null)]),
    ]);
    const page = await api.admin.listClaims('pending');
    expect(page.rows.map((c) => c.evidence_document_name)).toEqual(['solar-audit.pdf', null]);
  });
});

describe('evidenceDocumentName', () => {
  it.each([
    [
      `${USER_ID}/0f6c1c1e-3f52-4f0a-9d0e-2b1c3d4e5f60-refill-audit-2026.pdf`,
      'refill-audit-2026.pdf',
    ],
    ['0F6C1C1E-3F52-4F0A-9D0E-2B1C3D4E5F60-Label.PNG', 'Label.PNG'],
    [`${USER_ID}/certificate.pdf`, 'certificate.pdf'],
    [`${USER_ID}/0f6c1c1e-3f52-4f0a-9d0e-2b1c3d4e5f60-`, '0f6c1c1e-3f52-4f0a-9d0e-2b1c3d4e5f60-'],
    ['evidence/', 'evidence/'],
  ])('%s → %s', (path, name) => {
    expect(evidenceDocumentName(path)).toBe(name);
  });
});

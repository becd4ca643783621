import { Flex, Text } from '@radix-ui/themes';
import type { MerchantProfile, Product, SustainabilityClaim } from '@verdant/api-client';
import {
  Button,
  DataTable,
  EmptyState,
  ErrorCard,
  PageHeader,
  Tabs,
  toast,
  type DataTableColumn,
} from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { valueLabel } from '../../lib/labels.ts';
import { errorMessage, formatDate, formatMoney } from '../vendor-format.ts';

type Decision = 'approved' | 'rejected';

/** The approve and reject buttons of a queue row. */
function decisionButtons(name: string, busy: boolean, onDecide: (decision: Decision) => void) {
  return (
    <Flex gap="2" wrap="wrap">
      <Button
        size="sm"
        disabled={busy}
        onClick={() => onDecide('approved')}
        aria-label={`Approve ${name}`}
      >
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={busy}
        onClick={() => onDecide('rejected')}
        aria-label={`Reject ${name}`}
      >
        Reject
      </Button>
    </Flex>
  );
}

/** Approval queues (/admin/approvals): merchants, products and sustainability claims. */
/** Where a merchant's onboarding stands, in words (the stages of `merchant_profiles`). */
const ONBOARDING_STAGE: Record<string, string> = {
  company: 'Company details',
  sustainability: 'Statement written',
  payouts: 'Payout details',
  complete: 'Finished',
};

export function Component() {
  const queryClient = useQueryClient();
  const merchants = useQuery({
    queryKey: ['admin', 'queue', 'merchants'],
    queryFn: () => api.admin.listMerchants('pending', { pageSize: 100 }),
  });
  const products = useQuery({
    queryKey: ['admin', 'queue', 'products'],
    queryFn: () => api.admin.listProductsForReview({ pageSize: 100 }),
  });
  const claims = useQuery({
    queryKey: ['admin', 'queue', 'claims'],
    queryFn: () => api.admin.listClaims('pending', { pageSize: 100 }),
  });

  const done = (what: string) => async (_r: unknown, v: { decision: Decision; name: string }) => {
    await queryClient.invalidateQueries({ queryKey: ['admin', 'queue'] });
    toast({ title: `${what} ${v.decision}`, description: v.name });
  };
  const failed = (error: unknown) =>
    toast({ title: 'Not changed', description: errorMessage(error), variant: 'destructive' });
  const reviewMerchant = useMutation({
    mutationFn: (v: { id: string; decision: Decision; name: string }) =>
      api.admin.reviewMerchant(v.id, v.decision),
    onSuccess: done('Merchant'),
    onError: failed,
  });
  const reviewProduct = useMutation({
    mutationFn: (v: { id: string; decision: Decision; name: string }) =>
      api.admin.reviewProduct(v.id, v.decision),
    onSuccess: done('Product'),
    onError: failed,
  });
  const reviewClaim = useMutation({
    mutationFn: (v: { id: string; decision: Decision; name: string }) =>
      api.admin.reviewClaim(v.id, v.decision),
    onSuccess: done('Claim'),
    onError: failed,
  });
  const openEvidence = async (path: string) => {
    try {
      window.open(await api.merchants.evidenceLink(path), '_blank', 'noopener');
    } catch (error) {
      failed(error);
    }
  };

  const merchantColumns: readonly DataTableColumn<MerchantProfile>[] = [
    { id: 'company', header: 'Company', cell: (m) => m.company_name, rowHeader: true },
    {
      id: 'website',
      header: 'Website',
      cell: (m) =>
        m.website ? (
          <a href={m.website} rel="noopener noreferrer" target="_blank">
            {m.website}
          </a>
        ) : (
          '—'
        ),
    },
    {
      id: 'step',
      header: 'Onboarding',
      cell: (m) => ONBOARDING_STAGE[m.onboarding_step] ?? m.onboarding_step,
    },
    { id: 'since', header: 'Since', cell: (m) => formatDate(m.created_at) },
    {
      id: 'decision',
      header: 'Decision',
      cell: (m) =>
        decisionButtons(m.company_name, reviewMerchant.isPending, (decision) =>
          reviewMerchant.mutate({ id: m.id, decision, name: m.company_name }),
        ),
    },
  ];
  const productColumns: readonly DataTableColumn<Product>[] = [
    { id: 'name', header: 'Product', cell: (p) => p.name, rowHeader: true },
    {
      id: 'price',
      header: 'Price',
      cell: (p) => formatMoney(p.price_cents, p.currency),
      align: 'end',
    },
    { id: 'category', header: 'Category', cell: (p) => valueLabel(p.category) },
    {
      id: 'co2e',
      header: 'CO2e estimate',
      // The estimate's source is free text: it wraps, so the decision stays in view.
      wrap: true,
      cell: (p) =>
        p.co2e_grams === null ? '—' : `${(p.co2e_grams / 1000).toFixed(2)} kg (${p.co2e_source})`,
    },
    {
      id: 'decision',
      header: 'Decision',
      cell: (p) =>
        decisionButtons(p.name, reviewProduct.isPending, (decision) =>
          reviewProduct.mutate({ id: p.id, decision, name: p.name }),
        ),
    },
  ];
  const claimColumns: readonly DataTableColumn<SustainabilityClaim>[] = [
    { id: 'claim', header: 'Claim', cell: (c) => c.claim, rowHeader: true, wrap: true },
    {
      id: 'category',
      header: 'Category',
      cell: (c) => (c.category ? valueLabel(c.category) : '—'),
    },
    {
      id: 'issuer',
      header: 'Issuer and validity',
      cell: (c) =>
        `${c.issuer ?? 'No issuer'}${c.expires_on ? `, until ${formatDate(c.expires_on)}` : ''}`,
    },
    {
      id: 'evidence',
      header: 'Evidence',
      cell: (c) => (
        <Flex gap="2" wrap="wrap">
          {c.evidence_url ? (
            <a href={c.evidence_url} target="_blank" rel="noopener noreferrer">
              Link
            </a>
          ) : null}
          {c.evidence_document ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void openEvidence(c.evidence_document!)}
            >
              Document
            </Button>
          ) : null}
        </Flex>
      ),
    },
    {
      id: 'decision',
      header: 'Decision',
      cell: (c) =>
        decisionButtons(c.claim, reviewClaim.isPending, (decision) =>
          reviewClaim.mutate({ id: c.id, decision, name: c.claim }),
        ),
    },
  ];

  const error = merchants.error ?? products.error ?? claims.error;
  return (
    <Flex direction="column" gap="5" py="5">
      <title>Approvals — Verdant admin</title>
      <PageHeader
        title="Approvals"
        description="Merchants, products and sustainability claims waiting for a decision, oldest first."
      />
      {error ? <ErrorCard message={errorMessage(error)} /> : null}
      <Tabs.Root defaultValue="merchants">
        <Tabs.List aria-label="Queues">
          <Tabs.Trigger value="merchants">Merchants ({merchants.data?.total ?? 0})</Tabs.Trigger>
          <Tabs.Trigger value="products">Products ({products.data?.total ?? 0})</Tabs.Trigger>
          <Tabs.Trigger value="claims">Claims ({claims.data?.total ?? 0})</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="merchants">
          <DataTable
            caption="Merchants waiting for approval"
            columns={merchantColumns}
            rows={merchants.data?.rows ?? []}
            loading={merchants.isPending}
            getRowId={(m) => m.id}
            emptyState={<EmptyState title="No merchants waiting" />}
          />
        </Tabs.Content>
        <Tabs.Content value="products">
          <DataTable
            caption="Products waiting for approval"
            columns={productColumns}
            rows={products.data?.rows ?? []}
            loading={products.isPending}
            getRowId={(p) => p.id}
            emptyState={<EmptyState title="No products waiting" />}
          />
        </Tabs.Content>
        <Tabs.Content value="claims">
          <Text as="p" size="2" color="gray" mb="2">
            Check that the evidence names the claim, its issuer and scope, and is still valid.
          </Text>
          <DataTable
            caption="Claims waiting for review"
            columns={claimColumns}
            rows={claims.data?.rows ?? []}
            loading={claims.isPending}
            getRowId={(c) => c.id}
            emptyState={<EmptyState title="No claims waiting" />}
          />
        </Tabs.Content>
      </Tabs.Root>
    </Flex>
  );
}

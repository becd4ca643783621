import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import type { AdminModule, MerchantProfile } from '@verdant/api-client';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorCard,
  Modal,
  PageHeader,
  Tabs,
  toast,
  type DataTableColumn,
} from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { valueLabel } from '../../lib/labels.ts';
import { errorMessage, formatDate, formatMoney } from '../vendor-format.ts';
import { DialogField } from './dialog-field.tsx';

type QueueProduct = Awaited<ReturnType<AdminModule['listProductsForReview']>>['rows'][number];
type QueueClaim = Awaited<ReturnType<AdminModule['listClaims']>>['rows'][number];
const QUEUES = ['merchants', 'products', 'claims'] as const;
type Queue = (typeof QUEUES)[number];
const isQueue = (value: string | null): value is Queue => QUEUES.includes(value as Queue);
type Decision = 'approved' | 'rejected';

/** A decision waiting for the administrator's confirmation in a dialog. */
interface PendingDecision {
  queue: Queue;
  decision: Decision;
  id: string;
  name: string;
  /** The row's button that asked: focus returns to it when the dialog is cancelled. */
  buttonId: string;
}

/** Where a merchant's onboarding stands, in words (the stages of `merchant_profiles`). */
const ONBOARDING_STAGE: Record<string, string> = {
  company: 'Company details',
  sustainability: 'Statement written',
  payouts: 'Payout details',
  complete: 'Finished',
};

const QUEUE_NOUN: Record<Queue, string> = {
  merchants: 'Merchant',
  products: 'Product',
  claims: 'Claim',
};

const REASON_MAX = 2000;

const decisionButtonId = (queue: Queue, decision: Decision, id: string) =>
  `decide-${queue}-${decision}-${id}`;

/**
 * What an evidence link is, for its link text: the file it points at and the site it is on
 * ("audit-2026.pdf (example.org)"), the site alone when the address names no file, or the file
 * alone for a path on this site.
 */
function evidenceLinkName(address: string): string {
  try {
    const url = new URL(address, window.location.origin);
    const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
    let file = last;
    try {
      file = decodeURIComponent(last);
    } catch {
      // A malformed escape: the segment as written.
    }
    if (address.startsWith('/')) return file || address;
    return file ? `${file} (${url.hostname})` : url.hostname;
  } catch {
    return address;
  }
}

/** A product's description, images and attributes, opened from its row of the queue. */
function ProductDetails({ product }: { product: QueueProduct }) {
  const productPath = `/products/${product.slug}`;
  return (
    <Modal.Root>
      <Modal.Trigger>
        <Button size="sm" variant="ghost" aria-label={`Details of ${product.name}`}>
          Details
        </Button>
      </Modal.Trigger>
      <Modal.Content size="lg">
        <Modal.Title>{product.name}</Modal.Title>
        <Modal.Description>
          {product.merchant?.company_name ?? 'Unknown merchant'} ·{' '}
          {formatMoney(product.price_cents, product.currency)} · {valueLabel(product.category)}
        </Modal.Description>
        {/* The dialog's title is its top heading: its parts are the level below. */}
        <Flex direction="column" gap="4" mt="4">
          <Flex direction="column" gap="1">
            <Heading as="h2" size="3">
              Description
            </Heading>
            <Text as="p" size="2" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {product.description || 'No description.'}
            </Text>
          </Flex>
          <Flex direction="column" gap="2">
            <Heading as="h2" size="3">
              Images ({product.images.length})
            </Heading>
            {product.images.length === 0 ? (
              <Text size="2">No images.</Text>
            ) : (
              <Grid columns={{ initial: '2', sm: '3' }} gap="2" asChild>
                <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
                  {product.images.map((src, index) => (
                    <li key={src}>
                      <a href={src} target="_blank" rel="noopener noreferrer">
                        <img
                          src={src}
                          alt={`${product.name}, view ${index + 1} of ${product.images.length}`}
                          loading="lazy"
                          style={{
                            display: 'block',
                            width: '100%',
                            aspectRatio: '1',
                            objectFit: 'cover',
                            borderRadius: 'var(--radius-2)',
                            background: 'var(--gray-a3)',
                          }}
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              </Grid>
            )}
          </Flex>
          <Grid columns={{ initial: '1', sm: 'auto 1fr' }} gapX="4" gapY="1" asChild>
            <dl style={{ margin: 0 }}>
              <dt style={{ fontWeight: 500 }}>Sustainability attributes</dt>
              <dd style={{ margin: 0 }}>
                {product.sustainability_attributes.length === 0 ? (
                  'None'
                ) : (
                  <Flex gap="1" wrap="wrap">
                    {product.sustainability_attributes.map((attribute) => (
                      <Badge key={attribute}>{valueLabel(attribute)}</Badge>
                    ))}
                  </Flex>
                )}
              </dd>
              <dt style={{ fontWeight: 500 }}>CO2e estimate</dt>
              <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
                {product.co2e_grams === null
                  ? 'None'
                  : `${(product.co2e_grams / 1000).toFixed(2)} kg (${product.co2e_source})`}
              </dd>
              <dt style={{ fontWeight: 500 }}>Stock</dt>
              <dd style={{ margin: 0 }}>
                {product.stock === null ? 'Not tracked' : product.stock}
              </dd>
              <dt style={{ fontWeight: 500 }}>Address</dt>
              <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
                {/* The product's own page, where administrators see a product still waiting for
                    review too. It opens in a new tab, as the images above do: the queue and this
                    dialog stay where they were. */}
                <Link to={productPath} target="_blank" rel="noopener noreferrer">
                  {productPath}
                </Link>
              </dd>
            </dl>
          </Grid>
          <Flex justify="end">
            <Modal.Close>
              <Button variant="secondary">Close</Button>
            </Modal.Close>
          </Flex>
        </Flex>
      </Modal.Content>
    </Modal.Root>
  );
}

/** Approval queues (/admin/approvals): merchants, products and sustainability claims. */
export function Component() {
  const queryClient = useQueryClient();
  // The queue shown is in the address (?tab=products), so a reload, a shared link and Back from
  // another page show it again; an unknown queue reads as the first. A tab change replaces the
  // address rather than adding to the history: the arrow keys step through the tabs, each shown at
  // once, and Back leaves the page, as it does after the other views of a page (a period, a
  // category), rather than stepping back through every tab passed over.
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const queue: Queue = isQueue(tab) ? tab : QUEUES[0];
  const setQueue = (next: Queue) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === QUEUES[0]) updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  const tabRefs = useRef<Partial<Record<Queue, HTMLButtonElement | null>>>({});
  const [pending, setPending] = useState<PendingDecision | null>(null);
  const [reason, setReason] = useState('');
  const decidedRef = useRef(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const reasonId = useId();

  const merchants = useQuery({
    queryKey: ['admin', 'queue', 'merchants'],
    queryFn: () =>
      api.admin.listMerchants('pending', { pageSize: 100 }, { onboarding: 'finished' }),
  });
  const onboarding = useQuery({
    queryKey: ['admin', 'queue', 'merchants-onboarding'],
    queryFn: () =>
      api.admin.listMerchants('pending', { pageSize: 100 }, { onboarding: 'unfinished' }),
  });
  const products = useQuery({
    queryKey: ['admin', 'queue', 'products'],
    queryFn: () => api.admin.listProductsForReview({ pageSize: 100 }),
  });
  const claims = useQuery({
    queryKey: ['admin', 'queue', 'claims'],
    queryFn: () => api.admin.listClaims('pending', { pageSize: 100 }),
  });

  /** Records a decision, reads the queues again and says what happened. */
  const decide = async (
    target: Pick<PendingDecision, 'queue' | 'decision' | 'id' | 'name'>,
    note: string | null,
  ) => {
    if (target.queue === 'merchants')
      await api.admin.reviewMerchant(target.id, target.decision, note);
    else if (target.queue === 'products')
      await api.admin.reviewProduct(target.id, target.decision, note);
    else await api.admin.reviewClaim(target.id, target.decision, note);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'queue'] });
    toast({ title: `${QUEUE_NOUN[target.queue]} ${target.decision}`, description: target.name });
  };
  // The decided row leaves the queue: the focus goes to the queue's tab, which says how many are left.
  const focusQueue = (which: Queue) => tabRefs.current[which]?.focus();

  // Products and claims are approved with one click. A merchant's approval opens a whole company to
  // the shop, and a rejection tells the merchant why: those ask first.
  const approve = useMutation({
    mutationFn: (target: Pick<PendingDecision, 'queue' | 'id' | 'name'>) =>
      decide({ ...target, decision: 'approved' }, null),
    onSuccess: (_nothing, target) => focusQueue(target.queue),
    onError: (error) =>
      toast({ title: 'Not changed', description: errorMessage(error), variant: 'destructive' }),
  });

  const ask = (queue: Queue, decision: Decision, id: string, name: string) => {
    decidedRef.current = false;
    setReason('');
    setPending({ queue, decision, id, name, buttonId: decisionButtonId(queue, decision, id) });
  };

  const approveButton = (target: Queue, id: string, name: string) => (
    <Button
      id={decisionButtonId(target, 'approved', id)}
      size="sm"
      loading={approve.isPending && approve.variables?.id === id}
      disabled={approve.isPending && approve.variables?.id !== id}
      onClick={() =>
        target === 'merchants'
          ? ask(target, 'approved', id, name)
          : approve.mutate({ queue: target, id, name })
      }
      aria-label={`Approve ${name}`}
    >
      Approve
    </Button>
  );
  const rejectButton = (target: Queue, id: string, name: string) => (
    <Button
      id={decisionButtonId(target, 'rejected', id)}
      size="sm"
      variant="outline"
      disabled={approve.isPending}
      onClick={() => ask(target, 'rejected', id, name)}
      aria-label={`Reject ${name}`}
    >
      Reject
    </Button>
  );
  const decisionButtons = (target: Queue, id: string, name: string) => (
    <Flex gap="2" wrap="wrap">
      {approveButton(target, id, name)}
      {rejectButton(target, id, name)}
    </Flex>
  );
  const openEvidence = async (path: string) => {
    try {
      window.open(await api.merchants.evidenceLink(path), '_blank', 'noopener');
    } catch (error) {
      toast({ title: 'Not opened', description: errorMessage(error), variant: 'destructive' });
    }
  };

  const website = (m: MerchantProfile) =>
    m.website ? (
      <a href={m.website} rel="noopener noreferrer" target="_blank">
        {m.website}
      </a>
    ) : (
      '—'
    );
  // A company's name is free text, up to 200 characters: it wraps (a long word breaks), so the
  // decision stays in view.
  const company: DataTableColumn<MerchantProfile> = {
    id: 'company',
    header: 'Company',
    cell: (m) => m.company_name,
    rowHeader: true,
    wrap: true,
  };
  const merchantColumns: readonly DataTableColumn<MerchantProfile>[] = [
    company,
    { id: 'website', header: 'Website', cell: website },
    { id: 'since', header: 'Since', cell: (m) => formatDate(m.created_at) },
    {
      id: 'decision',
      header: 'Decision',
      actions: true,
      cell: (m) => decisionButtons('merchants', m.id, m.company_name),
    },
  ];
  const onboardingColumns: readonly DataTableColumn<MerchantProfile>[] = [
    company,
    { id: 'website', header: 'Website', cell: website },
    {
      id: 'step',
      header: 'Onboarding',
      cell: (m) => ONBOARDING_STAGE[m.onboarding_step] ?? m.onboarding_step,
    },
    { id: 'since', header: 'Since', cell: (m) => formatDate(m.created_at) },
  ];
  // Both queues fit a desktop page: secondary facts sit under the name, long texts wrap.
  const productColumns: readonly DataTableColumn<QueueProduct>[] = [
    {
      id: 'name',
      header: 'Product',
      rowHeader: true,
      wrap: true,
      cell: (p) => (
        <Flex direction="column" gap="1" align="start">
          <span>{p.name}</span>
          <ProductDetails product={p} />
        </Flex>
      ),
    },
    {
      id: 'merchant',
      header: 'Merchant',
      cell: (p) => p.merchant?.company_name ?? '—',
      wrap: true,
    },
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
      actions: true,
      cell: (p) => decisionButtons('products', p.id, p.name),
    },
  ];
  const claimColumns: readonly DataTableColumn<QueueClaim>[] = [
    {
      id: 'claim',
      header: 'Claim',
      rowHeader: true,
      wrap: true,
      cell: (c) => (
        <Flex direction="column">
          <span>{c.claim}</span>
          <Text size="1" color="gray">
            {valueLabel(c.category)}
            {c.product ? ` · about ${c.product.name}` : ''}
          </Text>
        </Flex>
      ),
    },
    {
      id: 'merchant',
      header: 'Merchant',
      cell: (c) => c.merchant?.company_name ?? '—',
      wrap: true,
    },
    {
      id: 'evidence',
      header: 'Evidence',
      wrap: true,
      // Who issued it, what it covers and until when, and the evidence itself, named by what it is.
      cell: (c) => (
        <Flex direction="column" gap="1" align="start">
          <Text size="2">
            {c.issuer ?? 'No issuer'}
            {c.expires_on ? `, until ${formatDate(c.expires_on)}` : ', no expiry date'}
          </Text>
          {c.scope ? (
            <Text size="1" color="gray">
              Scope: {c.scope}
            </Text>
          ) : null}
          {c.evidence_url ? (
            <Text size="2">
              Link:{' '}
              <a href={c.evidence_url} target="_blank" rel="noopener noreferrer">
                {evidenceLinkName(c.evidence_url)}
              </a>
            </Text>
          ) : null}
          {c.evidence_document ? (
            <Text size="2">
              Uploaded:{' '}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void openEvidence(c.evidence_document!)}
              >
                {c.evidence_document_name ?? 'Document'}
              </Button>
            </Text>
          ) : null}
        </Flex>
      ),
    },
    {
      id: 'decision',
      header: 'Decision',
      actions: true,
      cell: (c) => decisionButtons('claims', c.id, c.claim),
    },
  ];

  const dialog = pending ? dialogText(pending) : null;
  const error = merchants.error ?? onboarding.error ?? products.error ?? claims.error;
  return (
    <Flex direction="column" gap="5" py="5">
      <title>Approvals — Verdant admin</title>
      <PageHeader
        title="Approvals"
        description="Merchants, products and sustainability claims waiting for a decision, oldest first."
      />
      {error ? <ErrorCard message={errorMessage(error)} /> : null}
      <Tabs.Root
        value={queue}
        onValueChange={(value) => {
          if (isQueue(value)) setQueue(value);
        }}
      >
        {/* On a phone the tabs wrap onto a second row, every label whole. */}
        <Tabs.List aria-label="Queues" wrap="wrap">
          <Tabs.Trigger
            value="merchants"
            ref={(element) => {
              tabRefs.current.merchants = element;
            }}
          >
            Merchants{count(merchants.data)}
          </Tabs.Trigger>
          <Tabs.Trigger
            value="products"
            ref={(element) => {
              tabRefs.current.products = element;
            }}
          >
            Products{count(products.data)}
          </Tabs.Trigger>
          <Tabs.Trigger
            value="claims"
            ref={(element) => {
              tabRefs.current.claims = element;
            }}
          >
            Claims{count(claims.data)}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="merchants">
          <Flex direction="column" gap="5">
            <Flex direction="column" gap="2">
              <Text as="p" size="2" color="gray">
                Companies that finished onboarding. Approving one opens it to the shop.
              </Text>
              <DataTable
                caption="Merchants waiting for approval"
                columns={merchantColumns}
                rows={merchants.data?.rows ?? []}
                loading={merchants.isPending}
                getRowId={(m) => m.id}
                emptyState={<EmptyState title="No merchants waiting" headingLevel={2} />}
              />
            </Flex>
            <Flex direction="column" gap="2">
              <Heading as="h2" size="4">
                Still onboarding{count(onboarding.data)}
              </Heading>
              <Text as="p" size="2" color="gray">
                These companies have not finished onboarding, so they cannot be approved yet. They
                move to the queue above when they finish.
              </Text>
              <DataTable
                caption="Merchants still onboarding"
                columns={onboardingColumns}
                rows={onboarding.data?.rows ?? []}
                loading={onboarding.isPending}
                getRowId={(m) => m.id}
                emptyState={<EmptyState title="Nobody is onboarding" headingLevel={2} />}
              />
            </Flex>
          </Flex>
        </Tabs.Content>
        <Tabs.Content value="products">
          <DataTable
            caption="Products waiting for approval"
            columns={productColumns}
            rows={products.data?.rows ?? []}
            loading={products.isPending}
            getRowId={(p) => p.id}
            emptyState={<EmptyState title="No products waiting" headingLevel={2} />}
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
            emptyState={<EmptyState title="No claims waiting" headingLevel={2} />}
          />
        </Tabs.Content>
      </Tabs.Root>
      {pending && dialog ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setPending(null);
          }}
          title={dialog.title}
          tone={pending.decision === 'rejected' ? 'danger' : 'default'}
          description={
            pending.decision === 'rejected' ? (
              <>
                {dialog.text}
                <DialogField
                  id={reasonId}
                  fieldRef={reasonRef}
                  label={dialog.reasonLabel}
                  hint={dialog.reasonHint}
                  value={reason}
                  onChange={setReason}
                  maxLength={REASON_MAX}
                  multiline
                  showCount
                />
              </>
            ) : (
              dialog.text
            )
          }
          confirmLabel={dialog.confirm}
          onConfirm={async () => {
            await decide(pending, pending.decision === 'rejected' ? reason : null);
            decidedRef.current = true;
          }}
          errorMessage={(failure) => errorMessage(failure)}
          // A rejection starts in its reason field; Enter there adds a line, it never confirms.
          onOpenAutoFocus={(event) => {
            if (pending.decision !== 'rejected') return;
            event.preventDefault();
            reasonRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (decidedRef.current) focusQueue(pending.queue);
            else document.getElementById(pending.buttonId)?.focus();
          }}
        />
      ) : null}
    </Flex>
  );
}

/**
 * A queue's size after its name, " (3)", once it has loaded: while it loads (or when it failed) no
 * number, rather than a "(0)" that says the queue is empty.
 */
const count = (queue: { total: number } | undefined) => (queue ? ` (${queue.total})` : '');

/** The confirmation dialog's words for a decision. */
function dialogText({ queue, decision, name }: PendingDecision) {
  if (decision === 'approved') {
    return {
      title: `Approve ${name}?`,
      text: `${name} opens to the shop: its approved products appear there and affiliates can join its active programs.`,
      confirm: 'Approve',
      reasonLabel: '',
      reasonHint: '',
    };
  }
  const text = {
    merchants: `${name} stays closed to the shop. The merchant sees the rejection and your reason on its dashboard, and can change its details and send them again.`,
    products: `${name} stays out of the shop. The merchant sees the rejection and your reason, and can change the product and send it again.`,
    claims: `The claim is not shown with the merchant's products. The merchant sees the rejection and your note, and can change the claim to have it reviewed again.`,
  }[queue];
  return {
    title: queue === 'claims' ? 'Reject this claim?' : `Reject ${name}?`,
    text,
    confirm: 'Reject',
    reasonLabel: queue === 'claims' ? 'Note to the merchant (optional)' : 'Reason (optional)',
    reasonHint: 'The merchant reads it.',
  };
}

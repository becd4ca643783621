import { Box, Flex, Grid, Text } from '@radix-ui/themes';
import { PRODUCT_STATUSES, type Product, type ProductStatus } from '@verdant/api-client';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorCard,
  Field,
  NativeSelect,
  PageHeader,
  TextInput,
  toast,
  type DataTableColumn,
} from '@verdant/ui';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { UpgradeCard, atPlanLimit, usePlan } from '../app/plan.tsx';
import { api } from '../lib/api.ts';
import { inPlaceOfRow, useFocusWhenShown } from '../lib/focus-when-shown.ts';
import { useAddressParams } from '../lib/address-params.ts';
import { errorMessage, formatMoney } from './vendor-format.ts';

const PAGE_SIZE = 20;

export const STATUS_LABEL: Record<
  string,
  { label: string; tone: 'neutral' | 'warning' | 'success' | 'danger' | 'info' }
> = {
  draft: { label: 'Draft', tone: 'neutral' },
  pending_review: { label: 'Submitted for approval', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  archived: { label: 'Archived', tone: 'info' },
};

/** In place of "Add a product" once the merchant's plan holds no more products. */
export function ProductLimitCard({ limit }: { limit: number | null }) {
  return (
    <UpgradeCard
      tier="business"
      title={`Merchant Starter includes up to ${limit ?? 0} products`}
      description="Merchant Growth unlocks unlimited products. Your products stay in the shop, and you can edit or delete them to make room."
    />
  );
}

const ALL = 'all';
const isStatus = (value: string | null): value is ProductStatus =>
  (PRODUCT_STATUSES as readonly string[]).includes(value ?? '');

/**
 * The merchant's products in every status (/vendor/products), searchable by name or slug and
 * narrowed by status. The search, the status and the page are in the address (?q=, ?status=,
 * ?page=), so a reload, Back and a shared link keep them.
 */
export function Component() {
  const queryClient = useQueryClient();
  const { params, page, update, setPage } = useAddressParams();
  const search = (params.get('q') ?? '').trim();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const filtered = search !== '' || status !== undefined;

  // What is typed in the search field; the list follows it once sent (Enter or Search). Back and
  // Forward bring the field back to the search they return to.
  const [draft, setDraft] = useState(search);
  const [draftOf, setDraftOf] = useState(search);
  if (draftOf !== search) {
    setDraftOf(search);
    setDraft(search);
  }
  const searchRef = useRef<HTMLInputElement>(null);

  const products = useQuery({
    queryKey: ['vendor', 'products', { search, status, page }],
    queryFn: () =>
      api.products.listMine({
        ...(search ? { search } : {}),
        ...(status ? { status } : {}),
        page: page - 1,
        pageSize: PAGE_SIZE,
      }),
    // The current page stays until the next one has loaded: the table does not blank between pages.
    placeholderData: keepPreviousData,
  });
  // The plan's limit counts every product, whatever the search shows.
  const everything = useQuery({
    queryKey: ['vendor', 'products', 'count'],
    queryFn: () => api.products.listMine({ pageSize: 1 }),
    enabled: filtered,
  });
  const { limits } = usePlan();
  // The plan gate (the database enforces the same limit).
  const atLimit = atPlanLimit(
    limits.products,
    filtered ? everything.data?.total : products.data?.total,
  );
  // A page past the last (an old bookmark, a list that shrank) becomes the last page.
  const pageCount = Math.ceil((products.data?.total ?? 0) / PAGE_SIZE);
  const pastTheEnd =
    products.isSuccess && !products.isPlaceholderData && page > Math.max(1, pageCount);
  useEffect(() => {
    if (pastTheEnd) setPage(Math.max(1, pageCount), { replace: true });
  });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() });
  };
  const clearSearch = () => {
    update({ q: null, status: null });
    searchRef.current?.focus();
  };

  // An action that changes a product's status replaces its buttons: the focus goes to what the row
  // offers next (its first action, or the "Waiting for review" note), never to the page body. A
  // deleted product's row goes: the focus goes to the next row's Delete, else to the table.
  const focusWhenShown = useFocusWhenShown();
  const idPrefix = useId();
  const actionsId = (p: Product) => `${idPrefix}-actions-${p.id}`;
  const deleteId = (p: Product) => `${idPrefix}-delete-${p.id}`;
  const tableRef = useRef<HTMLDivElement>(null);
  const focusNextAction = (before: Product) =>
    focusWhenShown(() => {
      const actions = document.getElementById(actionsId(before));
      if (!actions || actions.dataset.status === before.status) return null;
      return actions.querySelector<HTMLElement>('button, a[href], [tabindex]');
    });
  const focusTable = () => {
    const table = tableRef.current?.querySelector('table');
    if (table) table.tabIndex = -1;
    return table;
  };

  const submit = useMutation({
    mutationFn: (product: Product) => api.products.submitForReview(product.id),
    onSuccess: async (product, before) => {
      focusNextAction(before);
      await queryClient.invalidateQueries({ queryKey: ['vendor', 'products'] });
      toast({ title: 'Submitted for approval', description: product.name });
    },
    onError: (error) =>
      toast({ title: 'Not submitted', description: errorMessage(error), variant: 'destructive' }),
  });

  // Archive takes a live product out of the shop; a draft brings an archived one back to edit and
  // submit again.
  const setStatus = useMutation({
    mutationFn: ({ product, status }: { product: Product; status: 'archived' | 'draft' }) =>
      api.products.update(product.id, { status }),
    onSuccess: async (product, { product: before }) => {
      focusNextAction(before);
      await queryClient.invalidateQueries({ queryKey: ['vendor', 'products'] });
      toast({
        title: product.status === 'archived' ? 'Taken out of the shop' : 'Back to drafts',
        description: product.name,
      });
    },
    onError: (error) =>
      toast({ title: 'Not changed', description: errorMessage(error), variant: 'destructive' }),
  });
  // A failed delete rejects `mutateAsync`: the dialog stays open and says why.
  const remove = useMutation({
    mutationFn: (product: Product) => api.products.remove(product.id),
    onSuccess: async (_nothing, product) => {
      await queryClient.invalidateQueries({ queryKey: ['vendor', 'products'] });
      toast({ title: 'Deleted', description: product.name });
    },
  });
  const confirmDelete = async (p: Product) => {
    const next = inPlaceOfRow(
      document.getElementById(deleteId(p)),
      '[aria-label^="Delete "]',
      focusTable,
    );
    await remove.mutateAsync(p);
    focusWhenShown(next);
  };
  const deleteButton = (p: Product) => (
    <ConfirmDialog
      title={`Delete ${p.name}?`}
      description="This cannot be undone. Orders already placed keep their lines; the product leaves link-in-bio pages and storefronts, and tracked links to it lead to your shop page."
      confirmLabel="Delete"
      tone="danger"
      onConfirm={() => confirmDelete(p)}
      errorMessage={(error) => errorMessage(error)}
      trigger={
        <Button id={deleteId(p)} size="sm" variant="outline" aria-label={`Delete ${p.name}`}>
          Delete
        </Button>
      }
    />
  );

  const columns: readonly DataTableColumn<Product>[] = [
    {
      id: 'name',
      header: 'Product',
      rowHeader: true,
      cell: (p) => (
        <Link to={`/vendor/products/${p.slug}`} aria-label={`Edit ${p.name}`}>
          {p.name}
        </Link>
      ),
    },
    {
      id: 'price',
      header: 'Price',
      cell: (p) => formatMoney(p.price_cents, p.currency),
      align: 'end',
    },
    {
      id: 'stock',
      header: 'Stock',
      cell: (p) => (p.stock === null ? 'Not tracked' : p.stock),
      align: 'end',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (p) => {
        const status = STATUS_LABEL[p.status] ?? { label: p.status, tone: 'neutral' as const };
        // A rejected product says why, as the administrator wrote it, beside what to do next.
        return p.status === 'rejected' && p.rejection_reason ? (
          <Flex direction="column" gap="1" align="start">
            <Badge tone={status.tone}>{status.label}</Badge>
            <Text size="1" color="gray">
              Reason: {p.rejection_reason}
            </Text>
          </Flex>
        ) : (
          <Badge tone={status.tone}>{status.label}</Badge>
        );
      },
      wrap: true,
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (p) => (
        <Flex id={actionsId(p)} data-status={p.status} gap="2" wrap="wrap">
          {p.status === 'draft' || p.status === 'rejected' ? (
            <>
              <Button
                size="sm"
                variant="secondary"
                loading={submit.isPending && submit.variables?.id === p.id}
                onClick={() => submit.mutate(p)}
                aria-label={`Submit for approval: ${p.name}`}
              >
                Submit for approval
              </Button>
              {deleteButton(p)}
            </>
          ) : p.status === 'approved' ? (
            <ConfirmDialog
              title={`Take ${p.name} out of the shop?`}
              description="Shoppers no longer see it and it cannot be bought; orders already placed are kept. You can bring it back as a draft and submit it again."
              confirmLabel="Archive"
              onConfirm={() =>
                setStatus.mutateAsync({ product: p, status: 'archived' }).then(() => undefined)
              }
              errorMessage={(error) => errorMessage(error)}
              trigger={
                <Button size="sm" variant="outline" aria-label={`Archive ${p.name}`}>
                  Archive
                </Button>
              }
            />
          ) : p.status === 'archived' ? (
            <>
              <Button
                size="sm"
                variant="secondary"
                loading={
                  setStatus.isPending &&
                  setStatus.variables?.product.id === p.id &&
                  setStatus.variables.status === 'draft'
                }
                onClick={() => setStatus.mutate({ product: p, status: 'draft' })}
                aria-label={`Back to drafts: ${p.name}`}
              >
                Back to drafts
              </Button>
              {deleteButton(p)}
            </>
          ) : (
            // Focusable from script only: where the focus goes once the product is submitted.
            <Text size="1" color="gray" tabIndex={-1}>
              Waiting for review
            </Text>
          )}
        </Flex>
      ),
    },
  ];

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Products — Verdant</title>
      <PageHeader
        title="Products"
        description="Drafts are yours to edit; submitted products go live once an administrator approves them."
        actions={
          atLimit ? undefined : (
            <Button asChild>
              <Link to="/add-product">Add a product</Link>
            </Button>
          )
        }
      />
      {atLimit ? <ProductLimitCard limit={limits.products} /> : null}
      <form role="search" aria-label="Your products" onSubmit={onSearch}>
        <Grid columns={{ initial: '1', sm: '3fr 2fr auto' }} gap="3" align="end">
          <Field label="Search by name or slug">
            <TextInput
              ref={searchRef}
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              maxLength={100}
            />
          </Field>
          <Field label="Status">
            <NativeSelect
              value={status ?? ALL}
              onChange={(event) =>
                update({ status: event.target.value === ALL ? null : event.target.value })
              }
              options={[
                { value: ALL, label: 'All statuses' },
                ...PRODUCT_STATUSES.map((value) => ({
                  value,
                  label: STATUS_LABEL[value]?.label ?? value,
                })),
              ]}
            />
          </Field>
          <Box>
            <Button type="submit">Search</Button>
          </Box>
        </Grid>
      </form>
      {products.isError ? (
        <ErrorCard message={errorMessage(products.error)} onRetry={() => void products.refetch()} />
      ) : (
        <DataTable
          ref={tableRef}
          caption="Your products"
          columns={columns}
          rows={products.data?.rows ?? []}
          rowCount={products.data?.total ?? 0}
          pageSize={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          loading={products.isPending}
          getRowId={(p) => p.id}
          emptyState={
            filtered ? (
              <EmptyState
                title="No products match"
                description={
                  search
                    ? `None of your products${status ? ` with the status “${STATUS_LABEL[status]?.label}”` : ''} has “${search}” in its name or slug.`
                    : `None of your products has the status “${STATUS_LABEL[status!]?.label}”.`
                }
                headingLevel={2}
                action={
                  <Button size="sm" variant="secondary" onClick={clearSearch}>
                    Show all products
                  </Button>
                }
              />
            ) : (
              <EmptyState
                title="No products yet"
                // The level under the page's h1: the table's caption is no heading.
                headingLevel={2}
                action={
                  <Button asChild size="sm">
                    <Link to="/add-product">Add your first product</Link>
                  </Button>
                }
              />
            )
          }
        />
      )}
    </Flex>
  );
}

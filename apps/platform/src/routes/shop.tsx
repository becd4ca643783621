import { Box, Flex, Grid, Text } from '@radix-ui/themes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductCategory, ProductSort } from '@verdant/api-client';
import {
  Button,
  ErrorCard,
  Field,
  PageHeader,
  NativeSelect,
  ProductCard,
  ProductGrid,
  TextInput,
} from '@verdant/ui';
import { isUuid } from '@verdant/validation';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { loadApi } from '../lib/backend.ts';
import { errorCode, errorMessage } from '../lib/error-message.ts';
import { PRODUCT_CATEGORY_LABELS } from '../lib/product-categories.ts';
import { productCardFields } from './claim-badges.tsx';

// Most visits find products on one page: the empty state and the page links load when shown.
const ShopEmpty = lazy(() => import('./shop-empty.tsx'));
const ShopPages = lazy(() => import('./shop-pages.tsx'));

const PAGE_SIZE = 24;
const ALL = 'all';

const isCategory = (value: string | null): value is ProductCategory =>
  value !== null && Object.hasOwn(PRODUCT_CATEGORY_LABELS, value);

/** The shop's orders, as the sort choice lists them; the first, the default, is not in the address. */
const SORT_LABELS = {
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  footprint: 'Lowest footprint',
} as const satisfies Record<ProductSort, string>;
const DEFAULT_SORT: ProductSort = 'newest';
const SORT_OPTIONS = Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }));

const isSort = (value: string | null): value is ProductSort =>
  value !== null && Object.hasOwn(SORT_LABELS, value);

/** The shop's address without its merchant filter (the search and category stay). */
function withoutMerchant(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.delete('merchant');
  next.delete('page');
  const query = next.toString();
  return query ? `?${query}` : '';
}

/** The results' count line, where another page of results starts. */
const RESULTS = 'shop-results';

/** /shop and /products: approved products, searchable and filterable by category. */
export function Component() {
  const [params, setParams] = useSearchParams();
  // As long as the field takes (an address typed or cut elsewhere may hold more).
  const search = (params.get('q') ?? '').slice(0, 100);
  const category = params.get('category');
  // An unknown order in the address (an old or mistyped link) is the default one.
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : DEFAULT_SORT;
  const merchantParam = params.get('merchant');
  const merchantId = isUuid(merchantParam) ? merchantParam : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(search);
  // The field follows the address's search when it changes without it (Back, "Show all products").
  const [draftOf, setDraftOf] = useState(search);
  if (draftOf !== search) {
    setDraftOf(search);
    setDraft(search);
  }

  const products = useQuery({
    queryKey: ['products', 'shop', search, category, merchantId, sort, page],
    queryFn: async () => {
      const api = await loadApi();
      // The cards' merchants and claims come with them, so they appear together.
      return api.products.listCards({
        ...(search.trim() ? { search } : {}),
        ...(isCategory(category) ? { category } : {}),
        ...(merchantId ? { merchantId } : {}),
        sort,
        // The API counts pages from 0; the address from 1.
        page: page - 1,
        pageSize: PAGE_SIZE,
      });
    },
    placeholderData: keepPreviousData,
  });
  // The merchant the shop is narrowed to, by name.
  const merchant = useQuery({
    queryKey: ['products', 'shop-merchant', merchantId],
    queryFn: async () => (await loadApi()).products.getMerchant(merchantId!),
    enabled: merchantId !== undefined,
  });

  const update = (changes: Record<string, string | null>, { replace = false } = {}) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next, { replace });
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() });
  };

  const rows = products.data?.rows ?? [];
  const total = products.data?.total ?? 0;
  const pageCount = Math.ceil(total / PAGE_SIZE);
  // A page past the last (an old bookmark, a catalogue that shrank) becomes the last page.
  const pastTheEnd =
    products.isSuccess && !products.isPlaceholderData && page > Math.max(1, pageCount);
  useEffect(() => {
    if (pastTheEnd) update({ page: pageCount > 1 ? String(pageCount) : null }, { replace: true });
  });
  const merchantName = merchant.data?.company_name;
  const filtered = Boolean(search || isCategory(category) || merchantId);

  return (
    <Flex direction="column" gap="5">
      <title>{merchantName ? `${merchantName} — Shop — Verdant` : 'Shop — Verdant'}</title>
      <PageHeader
        title="Shop"
        description="Products from merchants whose sustainability claims we review, with their estimated footprint."
      />
      <form role="search" aria-label="Products" onSubmit={onSearch}>
        {/* One row on a wide screen; below it the search takes a row of its own, so that each
            choice keeps room for its longest option ("Price: high to low"). */}
        <Grid
          columns={{ initial: '1', sm: '1fr 1fr auto', lg: '3fr 2fr 2fr auto' }}
          gap="3"
          align="end"
        >
          <Box gridColumn={{ sm: '1 / -1', lg: 'auto' }}>
            <Field label="Search products">
              <TextInput
                type="search"
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                maxLength={100}
                placeholder="e.g. bamboo, soap"
              />
            </Field>
          </Box>
          <Field label="Category">
            <NativeSelect
              value={isCategory(category) ? category : ALL}
              onChange={(event) =>
                // Arrow keys step through the categories: each is shown, but Back leaves the
                // shop's filter as one step, not one per category passed over.
                update(
                  { category: event.target.value === ALL ? null : event.target.value },
                  { replace: true },
                )
              }
              options={[
                { value: ALL, label: 'All categories' },
                ...Object.entries(PRODUCT_CATEGORY_LABELS).map(([value, label]) => ({
                  value,
                  label,
                })),
              ]}
            />
          </Field>
          <Field label="Sort by">
            <NativeSelect
              value={sort}
              // As the category: one step for Back, and a new order starts at page 1.
              onChange={(event) =>
                update(
                  { sort: event.target.value === DEFAULT_SORT ? null : event.target.value },
                  { replace: true },
                )
              }
              options={SORT_OPTIONS}
            />
          </Field>
          <Box>
            <Button type="submit">Search</Button>
          </Box>
        </Grid>
      </form>
      {merchantId ? (
        <Flex gap="3" align="center" wrap="wrap">
          <Text as="p" size="2" color="gray">
            {merchant.isError
              ? errorCode(merchant.error) === 'not_found'
                ? 'This merchant does not sell on Verdant.'
                : 'Showing one merchant’s products.'
              : merchantName
                ? `Showing products from ${merchantName}`
                : 'Showing one merchant’s products.'}
          </Text>
          <Button asChild variant="secondary" size="sm">
            <Link to={{ search: withoutMerchant(params) }}>Show all merchants</Link>
          </Button>
        </Flex>
      ) : null}
      {products.isError ? (
        <ErrorCard
          title="The products could not be loaded"
          message={errorMessage(products.error)}
          onRetry={() => void products.refetch()}
        />
      ) : (
        <>
          <Text as="p" size="2" color="gray" role="status" id={RESULTS} tabIndex={-1}>
            {products.isPending
              ? 'Loading products…'
              : `${total} ${total === 1 ? 'product' : 'products'}`}
          </Text>
          <ProductGrid
            aria-label="Products"
            loading={products.isPending}
            empty={
              <Suspense fallback={null}>
                <ShopEmpty filtered={filtered} />
              </Suspense>
            }
          >
            {rows.map((product, index) => (
              <ProductCard
                key={product.id}
                {...productCardFields(product, index, { newTab: true })}
                link={<Link to={`/shop/${product.slug}`} />}
              />
            ))}
          </ProductGrid>
          {total > PAGE_SIZE ? (
            <Suspense fallback={null}>
              <ShopPages
                page={page}
                pageCount={pageCount}
                onPageChange={(next) => update({ page: String(next) })}
                resultsId={RESULTS}
                label="Product pages"
              />
            </Suspense>
          ) : null}
        </>
      )}
    </Flex>
  );
}

import { Box, Flex, Grid, Text } from '@radix-ui/themes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PRODUCT_CATEGORIES, type ProductCategory } from '@verdant/api-client';
import {
  Button,
  EmptyState,
  ErrorCard,
  Field,
  PageHeader,
  NativeSelect,
  Pagination,
  ProductCard,
  ProductGrid,
  TextInput,
} from '@verdant/ui';
import { isUuid } from '@verdant/validation';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { loadApi } from '../lib/backend.ts';
import { errorMessage } from '../lib/error-message.ts';
import { valueLabel } from '../lib/labels.ts';
import { CartButton } from './shop-parts.tsx';

const PAGE_SIZE = 24;
const ALL = 'all';

const isCategory = (value: string | null): value is ProductCategory =>
  (PRODUCT_CATEGORIES as readonly string[]).includes(value ?? '');

/** /shop and /products: approved products, searchable and filterable by category. */
export function Component() {
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const category = params.get('category');
  const merchantParam = params.get('merchant');
  const merchantId = isUuid(merchantParam) ? merchantParam : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [draft, setDraft] = useState(search);

  const products = useQuery({
    queryKey: ['products', 'shop', search, category, merchantId, page],
    queryFn: async () =>
      (await loadApi()).products.list({
        ...(search.trim() ? { search } : {}),
        ...(isCategory(category) ? { category } : {}),
        ...(merchantId ? { merchantId } : {}),
        // The API counts pages from 0; the address from 1.
        page: page - 1,
        pageSize: PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim() });
  };

  const rows = products.data?.rows ?? [];
  const total = products.data?.total ?? 0;
  const filtered = Boolean(search || isCategory(category) || merchantId);

  return (
    <Flex direction="column" gap="5">
      <title>Shop — Verdant</title>
      <PageHeader
        title="Shop"
        description="Products from merchants whose sustainability claims we review, with their estimated footprint."
        actions={<CartButton />}
      />
      <form role="search" aria-label="Products" onSubmit={onSearch}>
        <Grid columns={{ initial: '1', sm: '3fr 2fr auto' }} gap="3" align="end">
          <Field label="Search products">
            <TextInput
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              maxLength={100}
              placeholder="e.g. bamboo, soap"
            />
          </Field>
          <Field label="Category">
            <NativeSelect
              value={isCategory(category) ? category : ALL}
              onChange={(event) =>
                update({ category: event.target.value === ALL ? null : event.target.value })
              }
              options={[
                { value: ALL, label: 'All categories' },
                ...PRODUCT_CATEGORIES.map((value) => ({ value, label: valueLabel(value) })),
              ]}
            />
          </Field>
          <Box>
            <Button type="submit">Search</Button>
          </Box>
        </Grid>
      </form>
      {merchantId ? (
        <Text size="2" color="gray">
          Showing one merchant’s products. <Link to="/shop">Show all products</Link>
        </Text>
      ) : null}
      {products.isError ? (
        <ErrorCard
          title="The products could not be loaded"
          message={errorMessage(products.error)}
          onRetry={() => void products.refetch()}
        />
      ) : (
        <>
          <Text as="p" size="2" color="gray" role="status">
            {products.isPending
              ? 'Loading products…'
              : `${total} ${total === 1 ? 'product' : 'products'}`}
          </Text>
          <ProductGrid
            aria-label="Products"
            loading={products.isPending}
            empty={
              <EmptyState
                bordered
                illustration="search"
                title={filtered ? 'No products match' : 'No products yet'}
                description={
                  filtered
                    ? 'Try other words or another category.'
                    : 'Merchants’ products appear here once they are approved.'
                }
                headingLevel={2}
              />
            }
          >
            {rows.map((product, index) => (
              <ProductCard
                key={product.id}
                // The first row is the page's largest paint on a phone: its images load at once.
                imagePriority={index < 2}
                name={product.name}
                imageSrc={product.images[0]}
                priceCents={product.price_cents}
                currency={product.currency}
                attributes={product.sustainability_attributes}
                co2eGrams={product.co2e_grams}
                co2eSource={product.co2e_source ?? undefined}
                headingLevel={2}
                link={<Link to={`/shop/${product.slug}`} />}
              />
            ))}
          </ProductGrid>
          <Pagination
            page={page}
            pageCount={Math.ceil(total / PAGE_SIZE)}
            onPageChange={(next) => update({ page: String(next) })}
            label="Product pages"
          />
        </>
      )}
    </Flex>
  );
}

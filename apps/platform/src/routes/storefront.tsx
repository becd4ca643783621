import { Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { PublicStorefrontView } from '@verdant/api-client';
import { ErrorCard, LinkPage, ProductCard, ProductGrid, ProfileHeader, Spinner } from '@verdant/ui';
import '@verdant/ui/link-in-bio.css';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { loadApi } from '../lib/backend.ts';
import { errorMessage, isMissingPage } from '../lib/error-message.ts';
import { sentPageMissing, sentPageQuery, storefrontQueryKey } from '../lib/page-view.ts';
import { trackedHref } from '../lib/tracked-link.ts';
import { productCardFields } from './claim-badges.tsx';
import { PageDisclosure } from './page-disclosure.tsx';
import { NotFound } from './not-found-lazy.ts';

// A published storefront is rarely empty: its empty state loads only when it is shown.
const NoProducts = lazy(() => import('./storefront-empty.tsx'));

function PublicStorefront({ slug }: { slug: string }) {
  const view = useQuery({
    queryKey: storefrontQueryKey(slug),
    queryFn: async () => (await loadApi()).storefronts.getPublicPage(slug),
    ...sentPageQuery<PublicStorefrontView>(`/s/${slug}`),
  });
  if (view.isPending)
    return (
      <Flex justify="center" py="9">
        <Spinner label="Loading the storefront" />
      </Flex>
    );
  if (view.isError) {
    if (isMissingPage(view.error)) return <NotFound />;
    return <ErrorCard message={errorMessage(view.error)} onRetry={() => void view.refetch()} />;
  }
  const { storefront: data, items, products, owner } = view.data;
  const ownerName = owner?.name ?? 'The creator of this storefront';
  // The owner's active link code per product: a product with one links through the tracker.
  const codeOf = new Map(items.map((i) => [i.product_id, i.link_code]));
  return (
    <Flex direction="column" py="5">
      <title>{`${data.title} — Verdant`}</title>
      <LinkPage theme={data.theme} style={{ maxWidth: 'none' }}>
        <ProfileHeader
          name={data.title}
          avatarName={owner?.name}
          avatarSrc={owner?.profile_image}
          username={owner?.username ?? undefined}
          bio={data.description ?? undefined}
        />
        <PageDisclosure>
          {`${ownerName} earns a commission on purchases made through this storefront, at no extra cost to you. Products are chosen by ${ownerName}; sustainability claims are checked by Verdant before they are shown.`}
        </PageDisclosure>
        <ProductGrid
          aria-label={`Products in ${data.title}`}
          empty={
            <Suspense fallback={null}>
              <NoProducts />
            </Suspense>
          }
        >
          {products.map((product, index) => (
            <ProductCard
              key={product.id}
              {...productCardFields(product, index)}
              link={
                codeOf.get(product.id) ? (
                  <a href={trackedHref(codeOf.get(product.id)!)}>{product.name}</a>
                ) : (
                  <Link to={`/shop/${product.slug}`} />
                )
              }
              action={
                codeOf.get(product.id) ? (
                  <Text size="1" color="gray">
                    Purchases credit {ownerName}
                  </Text>
                ) : undefined
              }
            />
          ))}
        </ProductGrid>
      </LinkPage>
    </Flex>
  );
}

/** /s/{slug}: a published storefront — products, verified claims and the creator's disclosure. */
export function Component() {
  const { slug = '' } = useParams();
  // An unknown storefront: the server already said so (404) with the page's HTML.
  if (sentPageMissing(`/s/${slug}`)) return <NotFound />;
  return <PublicStorefront key={slug} slug={slug} />;
}

import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ProductDetail, PublicClaim } from '@verdant/api-client';
import {
  Badge,
  Button,
  Card,
  ErrorCard,
  Field,
  PageHeader,
  Spinner,
  SustainabilityBadge,
  SustainabilityIcon,
  formatCo2e,
  formatPrice,
  isSustainabilityAttribute,
  sustainabilityAttributeLabel,
  TextInput,
  toast,
} from '@verdant/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { loadApi } from '../lib/backend.ts';
import { errorCode, errorMessage } from '../lib/error-message.ts';
import { MAX_LINES, MAX_QUANTITY, addToCart, cartStore, useCart } from '../lib/cart.ts';
import { productCategoryLabel } from '../lib/product-categories.ts';

/** The description's basic HTML as plain text (it is shown as a paragraph, never as markup). */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Verified claims as badges that open their evidence. */
function ClaimList({ label, claims }: { label: string; claims: readonly PublicClaim[] }) {
  return (
    <Flex asChild direction="column" gap="2" align="start">
      <ul aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {claims.map((claim) => (
          <li key={claim.id} style={{ maxWidth: '100%' }}>
            <SustainabilityBadge
              claim={claim.claim}
              issuer={claim.issuer ?? 'Verified by Verdant'}
              expiresAt={claim.expires_on}
              evidenceLink={
                claim.evidence_url ? (
                  <a href={claim.evidence_url} target="_blank" rel="noreferrer">
                    View evidence
                  </a>
                ) : undefined
              }
            />
          </li>
        ))}
      </ul>
    </Flex>
  );
}

/**
 * How many of the product go into the cart, and the button that puts them there. At most what the
 * merchant has and what one checkout takes, less what the cart already holds; when nothing more
 * fits, the button is off and a sentence says why.
 */
function AddToCart({ product: p }: { product: ProductDetail }) {
  const cart = useCart();
  const [typed, setTyped] = useState('1');
  const [problem, setProblem] = useState<string>();
  const field = useRef<HTMLInputElement>(null);
  const inCart = cart.find((line) => line.productId === p.id)?.quantity ?? 0;
  const room = Math.max(0, Math.min(MAX_QUANTITY, p.stock ?? MAX_QUANTITY) - inCart);
  const full = inCart === 0 && cart.length >= MAX_LINES;
  const soldOut = p.stock !== null && p.stock <= inCart;
  const why = soldOut
    ? p.stock === 0
      ? undefined
      : `All ${p.stock} in stock are in your cart.`
    : room === 0
      ? `${MAX_QUANTITY} is the most one checkout takes of a product.`
      : full
        ? `Your cart holds ${MAX_LINES} products, the most it takes: check out or remove one first.`
        : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const text = typed.trim();
    const wanted = /^\d+$/.test(text) ? Number(text) : 0;
    if (wanted < 1) {
      setProblem('Enter a whole number of items, 1 or more.');
      field.current?.focus();
      return;
    }
    const added = Math.min(wanted, room);
    cartStore.update((lines) =>
      addToCart(
        lines,
        {
          productId: p.id,
          slug: p.slug,
          name: p.name,
          merchantId: p.merchant_id,
          merchantName: p.merchant?.company_name ?? 'Merchant',
          priceCents: p.price_cents,
          currency: p.currency,
          ...(p.images[0] ? { imageSrc: p.images[0] } : {}),
        },
        added,
      ),
    );
    setTyped('1');
    setProblem(undefined);
    toast({
      title: added === 1 ? 'Added to your cart' : `${added} added to your cart`,
      description:
        added < wanted
          ? `${p.name}: ${added} of the ${wanted} asked for, ${
              p.stock !== null && p.stock < MAX_QUANTITY
                ? `as ${p.stock} are in stock`
                : `the most one checkout takes is ${MAX_QUANTITY}`
            }.`
          : p.name,
    });
  };

  return (
    <Flex direction="column" gap="2" align="start">
      <form onSubmit={onSubmit} noValidate aria-label={`Add ${p.name} to your cart`}>
        <Flex gap="3" align="end" wrap="wrap">
          {room > 0 && !full ? (
            <Field label="Quantity" error={problem}>
              <TextInput
                ref={field}
                type="number"
                min={1}
                max={room}
                value={typed}
                onChange={(event) => {
                  setTyped(event.target.value);
                  setProblem(undefined);
                }}
                style={{ width: '6rem' }}
              />
            </Field>
          ) : null}
          <Button type="submit" disabled={room === 0 || full}>
            Add to cart
          </Button>
        </Flex>
      </form>
      {/* Always there, so a change of what the cart holds is announced. */}
      <Text size="2" role="status">
        {inCart > 0 ? `${inCart} in your cart. ` : ''}
        {why ?? ''}
      </Text>
    </Flex>
  );
}

/**
 * Why a product that is not in the shop is not: only its merchant and administrators can open its
 * page (row-level security), to see it as shoppers will.
 */
const NOT_FOR_SALE: Record<string, string> = {
  draft: 'It is a draft.',
  pending_review: 'It is waiting for an administrator’s review.',
  rejected: 'It was rejected in review.',
  archived: 'It was taken out of the shop.',
};

/**
 * /shop/:slug: one product with its CO2e estimate, the verified claims about it and, apart from
 * them, its merchant's company-wide verified claims.
 */
export function Component() {
  const { slug = '' } = useParams();
  const product = useQuery({
    queryKey: ['products', 'detail', slug],
    queryFn: async () => (await loadApi()).products.getDetail(slug),
  });

  if (product.isPending) return <Spinner centered size="lg" label="Loading the product" />;
  if (product.isError) {
    if (errorCode(product.error) === 'not_found')
      return (
        <Flex direction="column" gap="4">
          <title>Product not found — Verdant</title>
          <PageHeader
            title="Product not found"
            description="This product is not for sale, or the address is mistyped."
          />
          <Box>
            <Button asChild>
              <Link to="/shop">Back to the shop</Link>
            </Button>
          </Box>
        </Flex>
      );
    return (
      <ErrorCard
        title="The product could not be loaded"
        message={errorMessage(product.error)}
        onRetry={() => void product.refetch()}
      />
    );
  }

  const p = product.data;
  // The merchant by name (as a sentence starts, and inside one).
  const merchantName = p.merchant?.company_name ?? 'The merchant';
  const aboutMerchant = `About ${p.merchant?.company_name ?? 'the merchant'}: verified claims`;

  return (
    <Flex direction="column" gap="5">
      <title>{`${p.name} — Verdant`}</title>
      <PageHeader
        title={p.name}
        breadcrumbs={<Link to="/shop">Shop</Link>}
        description={
          p.merchant ? (
            <>
              Sold by <Link to={`/shop?merchant=${p.merchant_id}`}>{p.merchant.company_name}</Link>
            </>
          ) : undefined
        }
        meta={<Badge tone="neutral">{productCategoryLabel(p.category)}</Badge>}
      />
      <Grid columns={{ initial: '1', md: '2' }} gap="5">
        <Box>
          {p.images[0] ? (
            <img
              src={p.images[0]}
              alt={p.name}
              style={{ width: '100%', borderRadius: 'var(--radius-4)', objectFit: 'cover' }}
            />
          ) : null}
        </Box>
        <Flex direction="column" gap="4">
          <Text size="6" weight="bold">
            {formatPrice(p.price_cents, p.currency)}
          </Text>
          {p.stock !== null ? (
            <Text size="2" color="gray">
              {p.stock > 0 ? `${p.stock} in stock` : 'Out of stock'}
            </Text>
          ) : null}
          {p.status === 'approved' ? (
            <AddToCart product={p} />
          ) : (
            <Card>
              <Text as="p" size="2">
                <strong>Not for sale yet.</strong> {NOT_FOR_SALE[p.status] ?? ''} Shoppers cannot
                see this page; you see it as its merchant or as an administrator.
              </Text>
            </Card>
          )}
          {p.description ? <Text as="p">{plainText(p.description)}</Text> : null}

          <Card size="lg">
            <Flex direction="column" gap="2">
              <Heading as="h2" size="4">
                Estimated footprint
              </Heading>
              {p.co2e_grams !== null ? (
                <>
                  <Text size="5" weight="bold">
                    {formatCo2e(p.co2e_grams)}
                  </Text>
                  <Text size="2" color="gray">
                    Source: {p.co2e_source ?? 'not stated'}
                  </Text>
                </>
              ) : (
                <Text size="2" color="gray">
                  The merchant has not published a CO2e estimate for this product.
                </Text>
              )}
            </Flex>
          </Card>

          {p.sustainability_attributes.length > 0 ? (
            <Box>
              <Heading as="h2" size="4" mb="2">
                Attributes
              </Heading>
              <Flex asChild gap="2" wrap="wrap">
                <ul
                  aria-label="Sustainability attributes"
                  style={{ listStyle: 'none', padding: 0 }}
                >
                  {p.sustainability_attributes.map((attribute) => (
                    <li key={attribute}>
                      <Badge tone="success">
                        {isSustainabilityAttribute(attribute) ? (
                          <SustainabilityIcon glyph={attribute} aria-hidden />
                        ) : null}
                        {sustainabilityAttributeLabel(attribute)}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </Flex>
            </Box>
          ) : null}

          <section aria-labelledby="product-claims">
            <Heading as="h2" size="4" mb="2" id="product-claims">
              Verified claims about this product
            </Heading>
            {p.product_claims.length === 0 ? (
              <Text as="p" size="2" color="gray">
                {merchantName} has no verified claims about this product yet.
              </Text>
            ) : (
              <ClaimList label="Verified claims about this product" claims={p.product_claims} />
            )}
          </section>

          <section aria-labelledby="merchant-claims">
            <Heading as="h2" size="4" id="merchant-claims">
              {aboutMerchant}
            </Heading>
            <Text as="p" size="2" color="gray" mt="1" mb="2">
              {p.merchant_claims.length === 0
                ? `${merchantName} has no verified claims about the whole company yet.`
                : 'Claims about the whole company, not only this product.'}
            </Text>
            {p.merchant_claims.length > 0 ? (
              <ClaimList label={aboutMerchant} claims={p.merchant_claims} />
            ) : null}
          </section>
        </Flex>
      </Grid>
    </Flex>
  );
}

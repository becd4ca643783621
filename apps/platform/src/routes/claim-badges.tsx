import type { PublicClaim } from '@verdant/api-client';
import { SustainabilityBadge } from '@verdant/ui';

/**
 * Verified claims as the small badges of a product card (each opens its evidence), or undefined
 * for none, so the card leaves their place out. `newTab` opens the evidence in a new tab.
 */
export function claimBadges(
  claims: readonly Pick<PublicClaim, 'id' | 'claim' | 'issuer' | 'expires_on' | 'evidence_url'>[],
  { newTab = false } = {},
) {
  if (claims.length === 0) return undefined;
  return (
    <>
      {claims.map((claim) => (
        <SustainabilityBadge
          key={claim.id}
          size="1"
          claim={claim.claim}
          issuer={claim.issuer ?? 'Verified by Verdant'}
          expiresAt={claim.expires_on}
          evidenceLink={
            claim.evidence_url ? (
              <a
                href={claim.evidence_url}
                {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})}
              >
                View evidence
              </a>
            ) : undefined
          }
        />
      ))}
    </>
  );
}

type CardClaim = Pick<PublicClaim, 'id' | 'claim' | 'issuer' | 'expires_on' | 'evidence_url'>;

/** A product as the shop and the storefronts list it: its row with its merchant and split claims. */
export interface CardProduct {
  name: string;
  images: readonly string[];
  price_cents: number;
  currency: string;
  sustainability_attributes: readonly string[];
  co2e_grams: number | null;
  co2e_source: string | null;
  /** What is left (null: no limit); absent where the list does not say. */
  stock?: number | null;
  merchant: { company_name: string } | null;
  product_claims: readonly CardClaim[];
  merchant_claims: readonly CardClaim[];
}

/**
 * What a product grid's `ProductCard` shows of `product` (all but its link and action): the first
 * row's images load at once, as the page's largest paint on a phone; `newTab` opens evidence in a
 * new tab.
 */
export function productCardFields(product: CardProduct, index: number, { newTab = false } = {}) {
  return {
    imagePriority: index < 2,
    name: product.name,
    merchant: product.merchant?.company_name,
    imageSrc: product.images[0],
    priceCents: product.price_cents,
    currency: product.currency,
    attributes: product.sustainability_attributes,
    co2eGrams: product.co2e_grams,
    co2eSource: product.co2e_source ?? undefined,
    soldOut: product.stock === 0,
    headingLevel: 2 as const,
    claims: claimBadges(product.product_claims, { newTab }),
    merchantClaims: claimBadges(product.merchant_claims, { newTab }),
  };
}

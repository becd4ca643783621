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

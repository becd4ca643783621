import type { CatalogProgram, NewAffiliateLink, Product } from '@verdant/api-client';
import { newLinkCode } from '@verdant/validation';

/** The programs of the catalogue the affiliate is approved in: the only ones it can link to. */
export function joinedPrograms(catalog: readonly CatalogProgram[] | undefined): CatalogProgram[] {
  return (catalog ?? []).filter((program) => program.membership?.status === 'approved');
}

/**
 * A new tracked link in `program`: to `product`'s page, or without one to the merchant's shop,
 * titled `title` or else after what it leads to.
 */
export function newProgramLink(
  program: Pick<CatalogProgram, 'id' | 'name' | 'merchant'>,
  product?: Pick<Product, 'id' | 'name' | 'slug'>,
  title?: string,
): NewAffiliateLink {
  return {
    code: newLinkCode(product?.name ?? program.merchant.company_name),
    program_id: program.id,
    product_id: product?.id ?? null,
    destination_url: product ? `/shop/${product.slug}` : `/shop?merchant=${program.merchant.id}`,
    title: title || product?.name || program.name,
  };
}

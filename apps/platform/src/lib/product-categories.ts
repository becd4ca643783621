import type { ProductCategory } from '@verdant/api-client';

/**
 * The shop's words for the product categories, the same wherever a category is named: the shop's
 * filter, a product's badge and the label drawn into the seeded product images
 * (scripts/artwork.mjs). In the vocabulary's order, which the shop's category filter lists.
 */
export const PRODUCT_CATEGORY_LABELS = {
  home: 'Home',
  'personal-care': 'Personal care',
  apparel: 'Apparel',
  food: 'Food & drink',
  outdoors: 'Outdoors',
  kids: 'Kids',
  office: 'Office',
  other: 'Other',
} as const satisfies Record<ProductCategory, string>;

/** A stored category in the shop's words (an unknown value as it is stored). */
export function productCategoryLabel(value: string): string {
  return Object.hasOwn(PRODUCT_CATEGORY_LABELS, value)
    ? PRODUCT_CATEGORY_LABELS[value as ProductCategory]
    : value;
}

// The products' fixed vocabularies, in a module without imports: pages that only list categories
// or attributes (the shop's filters, say) do not load the products module and its input checks.
export const PRODUCT_CATEGORIES = [
  'home',
  'personal-care',
  'apparel',
  'food',
  'outdoors',
  'kids',
  'office',
  'other',
] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export const SUSTAINABILITY_ATTRIBUTES = [
  'recycled',
  'organic',
  'fair-trade',
  'plastic-free',
  'carbon-neutral',
  'local',
  'vegan',
  'refillable',
  'repairable',
  'biodegradable',
  'b-corp',
] as const;
export type SustainabilityAttribute = (typeof SUSTAINABILITY_ATTRIBUTES)[number];
/** Statuses a merchant may set; approval and rejection are an admin's (see `admin.reviewProduct`). */
export const MERCHANT_PRODUCT_STATUSES = ['draft', 'pending_review', 'archived'] as const;
/** Every status a product can be in, as the products table allows them. */
export const PRODUCT_STATUSES = [
  'draft',
  'pending_review',
  'approved',
  'rejected',
  'archived',
] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

import { PRODUCT_MAX_CO2E_GRAMS, PRODUCT_MAX_STOCK } from '@verdant/validation';
import type { ModuleContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { currentUserId, run, runOne, runDelete, runPage } from '../request.ts';
import type { Page, Row } from '../types.ts';
import {
  currency,
  integer,
  invalid,
  oneOf,
  optionalText,
  patch,
  priceCents,
  range,
  record,
  slug,
  containsPattern,
  searchTerm,
  text,
  url,
  uuid,
  type PageInput,
  type Check,
} from '../validate.ts';

import {
  MERCHANT_PRODUCT_STATUSES,
  PRODUCT_CATEGORIES,
  PRODUCT_STATUSES,
  SUSTAINABILITY_ATTRIBUTES,
  type ProductCategory,
  type ProductStatus,
  type SustainabilityAttribute,
} from './product-vocabulary.ts';

export type Product = Row<'products'>;

export interface ProductFields {
  name: string;
  slug: string;
  description: string | null;
  /** Whole cents, from 50 (0.50, the least a card payment may be) to 99,999,999 (999,999.99). */
  price_cents: number;
  currency: string;
  images: string[];
  category: ProductCategory;
  stock: number | null;
  sustainability_attributes: SustainabilityAttribute[];
  /** Estimated CO2e in grams (0 to 1,000,000,000, i.e. 1,000,000 kg); needs `co2e_source`. */
  co2e_grams: number | null;
  co2e_source: string | null;
  status: (typeof MERCHANT_PRODUCT_STATUSES)[number];
}

export type NewProduct = Pick<ProductFields, 'name' | 'slug' | 'price_cents'> &
  Partial<ProductFields>;
export type ProductChanges = Partial<ProductFields>;

function list<T>(
  field: string,
  value: unknown,
  max: number,
  item: (f: string, v: unknown) => T,
): T[] {
  if (!Array.isArray(value) || value.length > max)
    invalid(field, `must be a list of at most ${max} entries`);
  return value.map((v, i) => item(`${field}[${i}]`, v));
}

const checks: { [K in keyof ProductFields]-?: Check<ProductFields[K]> } = {
  name: (f, v) => text(f, v, { max: 200 }),
  slug,
  description: (f, v) => optionalText(f, v, { max: 8000, allowBasicHtml: true }),
  // The products table keeps both in 32-bit integers: the shared limits are well inside them. A
  // price is at least 0.50, the least a card payment may be (the database requires it too).
  price_cents: priceCents,
  currency,
  images: (f, v) => list(f, v, 12, (g, w) => url(g, w, true)),
  category: (f, v) => oneOf(f, v, PRODUCT_CATEGORIES),
  stock: (f, v) => (v === null ? null : integer(f, v, 0, PRODUCT_MAX_STOCK)),
  sustainability_attributes: (f, v) => [
    ...new Set(list(f, v, 11, (g, w) => oneOf(g, w, SUSTAINABILITY_ATTRIBUTES))),
  ],
  co2e_grams: (f, v) => (v === null ? null : integer(f, v, 0, PRODUCT_MAX_CO2E_GRAMS)),
  co2e_source: (f, v) => optionalText(f, v, { max: 500, min: 3 }),
  status: (f, v) => oneOf(f, v, MERCHANT_PRODUCT_STATUSES),
};

/**
 * The orders a product list can be read in (`ProductQuery.sort`): newest first (the default),
 * price low to high or high to low, and the lowest estimated footprint (CO2e) first, products
 * without an estimate last.
 */
export const PRODUCT_SORTS = ['newest', 'price-asc', 'price-desc', 'footprint'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductQuery extends PageInput {
  category?: ProductCategory;
  merchantId?: string;
  /** Words matched against the name and description (case-insensitive). */
  search?: string;
  /** The order of the rows (default `newest`). */
  sort?: ProductSort;
}

/** A merchant's search of its own products (`products.listMine`). */
export interface MyProductQuery extends PageInput {
  /** Words that must each be in the name or the slug (case-insensitive, in any order). */
  search?: string;
  /** Only products in this status. */
  status?: ProductStatus;
}

/**
 * An approved, unexpired sustainability claim as shoppers see it: about one product
 * (`product_id`) or about the merchant's whole company (`product_id` null).
 */
export interface PublicClaim {
  id: string;
  claim: string;
  category: string;
  issuer: string | null;
  expires_on: string | null;
  evidence_url: string | null;
  /** The product the claim is about; null for a claim about the whole company. */
  product_id: string | null;
}

/** The merchant of a product, as the shop names it. */
export interface ProductMerchant {
  id: string;
  company_name: string;
}

/**
 * The verified claims that go with one product: those about the product itself and, apart from
 * them, its merchant's company-wide ones. A claim the merchant made about another of its products
 * is in neither.
 */
export interface ProductClaims {
  product_id: string;
  merchant: ProductMerchant | null;
  /** Verified claims about this product. */
  product_claims: PublicClaim[];
  /** The merchant's verified claims about its whole company (tied to no product). */
  merchant_claims: PublicClaim[];
}

/** A product with its merchant and its verified claims, split as `ProductClaims` (a shop card). */
export type ProductCard = Product & Omit<ProductClaims, 'product_id'>;

/** A product with its merchant and its verified claims, split as `ProductClaims` (the product page). */
export type ProductDetail = Product & {
  merchant: (ProductMerchant & { website: string | null }) | null;
  product_claims: PublicClaim[];
  merchant_claims: PublicClaim[];
};

type ClaimRow = PublicClaim & { review_status: string };

/** A product row read with its own claims and its merchant's company-wide claims. */
interface ClaimedRow {
  id: string;
  product_claims: ClaimRow[] | null;
  merchant: {
    id: string;
    company_name: string;
    website: string | null;
    sustainability_claims: ClaimRow[] | null;
  } | null;
}

const CLAIM_COLUMNS =
  'id, claim, category, issuer, expires_on, evidence_url, product_id, review_status';

/**
 * The embeds that read a product's claims: its own (through the claim's product) and its
 * merchant's (through the merchant; the requests keep only those without a product).
 */
const CLAIMS_SELECT = `product_claims:sustainability_claims!sustainability_claims_product_id_fkey(${CLAIM_COLUMNS}), merchant:merchant_profiles!products_merchant_id_fkey(id, company_name, website, sustainability_claims!sustainability_claims_merchant_id_fkey(${CLAIM_COLUMNS}))`;

/**
 * Verified claims only (approved and not expired: row-level security already hides the others
 * from everybody but their merchant and admins), without their review field; `only` keeps those
 * whose product is that one (null: company-wide claims).
 */
function verified(rows: ClaimRow[] | null, only: string | null, today: string): PublicClaim[] {
  return (rows ?? [])
    .filter(
      (c) =>
        c.review_status === 'approved' &&
        (!c.expires_on || c.expires_on >= today) &&
        c.product_id === only,
    )
    .map(({ review_status: _status, ...claim }) => claim);
}

/** A product's claims split into its own and its merchant's company-wide ones. */
function splitClaims(row: ClaimedRow, today: string): ProductClaims {
  const { merchant } = row;
  return {
    product_id: row.id,
    merchant: merchant ? { id: merchant.id, company_name: merchant.company_name } : null,
    product_claims: verified(row.product_claims, row.id, today),
    merchant_claims: verified(merchant?.sustainability_claims ?? null, null, today),
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/** The filters a product query can have, checked, and the product reads they narrow. */
interface Filterable<B> {
  eq(column: string, value: string): B;
  or(filters: string): B;
}

/** Narrows a read of products to a query's category, merchant and search words (checked first). */
function catalogue<B extends Filterable<B>>(request: B, query: ProductQuery): B {
  let narrowed = request;
  if (query.category !== undefined)
    narrowed = narrowed.eq('category', oneOf('category', query.category, PRODUCT_CATEGORIES));
  if (query.merchantId !== undefined)
    narrowed = narrowed.eq('merchant_id', uuid('merchantId', query.merchantId));
  if (query.search !== undefined) {
    const term = searchTerm('search', query.search);
    if (term !== '') {
      const pattern = containsPattern(term);
      narrowed = narrowed.or(`name.ilike.${pattern},description.ilike.${pattern}`);
    }
  }
  return narrowed;
}

interface OrderOptions {
  ascending: boolean;
  nullsFirst?: boolean;
}

/** A product read that can be ordered. */
interface Orderable<B> {
  order(column: string, options: OrderOptions): B;
}

/** Each sort's columns, most significant first. */
const SORT_COLUMNS: Record<ProductSort, readonly (readonly [string, OrderOptions])[]> = {
  newest: [['created_at', { ascending: false }]],
  'price-asc': [['price_cents', { ascending: true }]],
  'price-desc': [['price_cents', { ascending: false }]],
  footprint: [['co2e_grams', { ascending: true, nullsFirst: false }]],
};

/**
 * Orders a read of products by a query's sort (checked first), then by id, so rows that tie keep
 * one order and paging never repeats or skips a product.
 */
function sorted<B extends Orderable<B>>(request: B, query: ProductQuery): B {
  const sort = query.sort === undefined ? 'newest' : oneOf('sort', query.sort, PRODUCT_SORTS);
  let ordered = request;
  for (const [column, options] of SORT_COLUMNS[sort]) ordered = ordered.order(column, options);
  return ordered.order('id', { ascending: true });
}

/** How many products `listByIds` reads at once (a cart holds fewer lines). */
export const PRODUCTS_BY_IDS_MAX = 100;

/** The catalogue: public browsing of approved products and merchants' own product management. */
export function createProductsModule({ supabase }: ModuleContext) {
  return {
    /**
     * Approved products of approved merchants (and, when signed in, one's own), newest first
     * unless `query.sort` says otherwise.
     */
    async list(query: ProductQuery = {}): Promise<Page<Product>> {
      const { from, to } = range(query);
      return runPage(
        sorted(
          catalogue(supabase.from('products').select('*', { count: 'exact' }), query),
          query,
        ).range(from, to),
      );
    },

    /**
     * The products with these ids that the reader may see (a cart's lines, to show their current
     * stock), in no particular order; ids of products gone or hidden are simply absent. At most
     * 100 ids.
     */
    async listByIds(ids: readonly string[]): Promise<Product[]> {
      if (!Array.isArray(ids)) invalid('ids', 'must be a list');
      if (ids.length > PRODUCTS_BY_IDS_MAX)
        invalid('ids', `must hold at most ${PRODUCTS_BY_IDS_MAX} ids`);
      const checked = [...new Set(ids.map((id, i) => uuid(`ids[${i}]`, id)))];
      if (checked.length === 0) return [];
      return run(supabase.from('products').select('*').in('id', checked));
    },

    async getBySlug(productSlug: string): Promise<Product> {
      return runOne(
        supabase.from('products').select('*').eq('slug', slug('slug', productSlug)).maybeSingle(),
        'Product',
      );
    },

    /**
     * `list` for product cards: the same products, filters and pages, each row with its merchant,
     * the verified claims about it and, apart from them, its merchant's company-wide verified
     * claims (a claim about another of the merchant's products is in neither). One request.
     */
    async listCards(query: ProductQuery = {}): Promise<Page<ProductCard>> {
      const { from, to } = range(query);
      const page = await runPage(
        sorted(
          catalogue(
            supabase.from('products').select(`*, ${CLAIMS_SELECT}`, { count: 'exact' }),
            query,
          ),
          query,
        )
          // Only company-wide claims come with the merchant: its claims about other products
          // stay on the server.
          .is('merchant.sustainability_claims.product_id', null)
          .order('created_at', { referencedTable: 'product_claims' })
          .order('created_at', { referencedTable: 'merchant.sustainability_claims' })
          .range(from, to),
      );
      const day = today();
      return {
        ...page,
        rows: (page.rows as unknown as (Product & ClaimedRow)[]).map((row) => {
          const { merchant: _merchant, product_claims: _own, ...product } = row;
          const { merchant, product_claims, merchant_claims } = splitClaims(row, day);
          return { ...product, merchant, product_claims, merchant_claims };
        }),
      };
    },

    /**
     * An approved merchant of the shop by id (its name, for a shop filtered to its products);
     * `not_found` for an unknown merchant or one whose products are not for sale.
     */
    async getMerchant(merchantId: string): Promise<ProductMerchant> {
      const rows = await run(
        supabase
          .from('merchant_profiles')
          .select('id, company_name')
          .eq('id', uuid('merchantId', merchantId))
          .eq('approval_status', 'approved')
          .limit(1),
      );
      const merchant = rows?.[0];
      if (!merchant) throw new ApiError('not_found', 'Merchant not found');
      return merchant;
    },

    /**
     * One product by slug with its merchant, the verified claims about the product and, apart
     * from them, the merchant's company-wide verified claims (approved and not expired).
     */
    async getDetail(productSlug: string): Promise<ProductDetail> {
      const row = (await runOne(
        supabase
          .from('products')
          .select(`*, ${CLAIMS_SELECT}`)
          .eq('slug', slug('slug', productSlug))
          .is('merchant.sustainability_claims.product_id', null)
          .order('created_at', { referencedTable: 'product_claims' })
          .order('created_at', { referencedTable: 'merchant.sustainability_claims' })
          .maybeSingle(),
        'Product',
      )) as unknown as Product & ClaimedRow;
      const { merchant, product_claims: _own, ...product } = row;
      const { product_claims, merchant_claims } = splitClaims(row, today());
      return {
        ...product,
        merchant: merchant
          ? { id: merchant.id, company_name: merchant.company_name, website: merchant.website }
          : null,
        product_claims,
        merchant_claims,
      };
    },

    /** The signed-in merchant's products in every status, newest first, narrowed by `query`. */
    async listMine(query: MyProductQuery = {}): Promise<Page<Product>> {
      const { from, to } = range(query);
      const status =
        query.status === undefined ? undefined : oneOf('status', query.status, PRODUCT_STATUSES);
      const term = query.search === undefined ? '' : searchTerm('search', query.search);
      let request = supabase
        .from('products')
        .select('*', { count: 'exact' })
        .eq('merchant_id', await currentUserId(supabase));
      if (status !== undefined) request = request.eq('status', status);
      // Every word must be in the name or the slug, in any order.
      for (const word of term.split(/\s+/).filter(Boolean)) {
        const pattern = containsPattern(word);
        request = request.or(`name.ilike.${pattern},slug.ilike.${pattern}`);
      }
      return runPage(request.order('created_at', { ascending: false }).range(from, to));
    },

    async create(input: NewProduct): Promise<Product> {
      const values = await record<ProductFields, 'name' | 'slug' | 'price_cents'>(
        'product',
        input,
        checks,
        ['name', 'slug', 'price_cents'],
      );
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('products')
          .insert({ ...values, merchant_id: me })
          .select('*')
          .single(),
      );
    },

    async update(id: string, changes: ProductChanges): Promise<Product> {
      const productId = uuid('id', id);
      const values = await patch<ProductFields>('product', changes, checks);
      return run(supabase.from('products').update(values).eq('id', productId).select('*').single());
    },

    /** Sends a draft to the admins for review. */
    async submitForReview(id: string): Promise<Product> {
      return run(
        supabase
          .from('products')
          .update({ status: 'pending_review' })
          .eq('id', uuid('id', id))
          .select('*')
          .single(),
      );
    },

    async remove(id: string): Promise<void> {
      await runDelete(
        supabase.from('products').delete().eq('id', uuid('id', id)).select('id'),
        'Product',
      );
    },
  };
}

export type ProductsModule = ReturnType<typeof createProductsModule>;

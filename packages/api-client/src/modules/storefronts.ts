import type { ModuleContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { currentUserId, run, runOne, runDelete } from '../request.ts';
import type { Row } from '../types.ts';
import {
  boolean,
  integer,
  oneOf,
  optionalText,
  optionalUrl,
  patch,
  record,
  slug,
  text,
  uuid,
  type Check,
} from '../validate.ts';

export type Storefront = Row<'storefronts'>;
export type StorefrontItem = Row<'storefront_items'>;
export type StorefrontWithItems = Storefront & { storefront_items: StorefrontItem[] };
export const PAGE_THEMES = ['forest', 'ocean', 'earth', 'night'] as const;
export type PageTheme = (typeof PAGE_THEMES)[number];

export interface StorefrontFields {
  slug: string;
  title: string;
  description: string | null;
  banner_url: string | null;
  theme: PageTheme;
  is_published: boolean;
}

/** A verified (approved, unexpired) sustainability claim of a product's merchant. */
export interface StorefrontClaim {
  id: string;
  claim: string;
  issuer: string | null;
  expires_on: string | null;
  evidence_url: string | null;
}

/** A product as a storefront shows it: the card's fields, the merchant and its verified claims. */
export interface StorefrontProduct {
  id: string;
  slug: string;
  name: string;
  price_cents: number;
  currency: string;
  images: string[];
  sustainability_attributes: string[];
  co2e_grams: number | null;
  co2e_source: string | null;
  merchant: { company_name: string } | null;
  /** The verified (approved, unexpired) claims about this product. */
  product_claims: StorefrontClaim[];
  /**
   * The merchant's verified claims about the whole company, to show apart from the product's own.
   * A claim about another of the merchant's products is on neither list.
   */
  merchant_claims: StorefrontClaim[];
}

type StorefrontProductRow = Omit<
  StorefrontProduct,
  'product_claims' | 'merchant_claims' | 'merchant'
> & {
  merchant: {
    company_name: string;
    sustainability_claims:
      (StorefrontClaim & { review_status: string; product_id: string | null })[] | null;
  } | null;
};

/**
 * An item of a published storefront as a visitor gets it, with the owner's active link code for the
 * product (follow `/go/{code}`), or null when there is none; never a link's destination.
 */
export interface PublicStorefrontItem {
  id: string;
  product_id: string;
  note: string | null;
  link_code: string | null;
  item_position: number;
}

/** The public name, username and picture of a storefront's owner, for its header and disclosure. */
export interface StorefrontOwner {
  id: string;
  name: string;
  username: string | null;
  /** The owner's profile picture (a public URL), or null. */
  profile_image: string | null;
}

/**
 * A storefront as `/s/{slug}` draws it, in one read: the storefront, its public items in order, its
 * products (in the order of their first item, each with the verified claims about it and its
 * merchant's company-wide ones) and its owner.
 */
export interface PublicStorefrontView {
  storefront: Storefront;
  items: PublicStorefrontItem[];
  products: StorefrontProduct[];
  owner: StorefrontOwner | null;
}

export interface NewStorefrontItem {
  product_id: string;
  affiliate_link_id?: string | null;
  note?: string | null;
  position?: number;
}

const checks: { [K in keyof StorefrontFields]-?: Check<StorefrontFields[K]> } = {
  slug,
  title: (f, v) => text(f, v, { max: 120 }),
  description: (f, v) => optionalText(f, v, { max: 2000 }),
  banner_url: (f, v) => optionalUrl(f, v, true),
  theme: (f, v) => oneOf(f, v, PAGE_THEMES),
  is_published: boolean,
};

/** Curated shops at `/s/{slug}`: public when published, managed by their owner. */
export function createStorefrontsModule({ supabase }: ModuleContext) {
  return {
    /** A storefront with its items in order (published ones for everyone, drafts for the owner). */
    async getBySlug(storefrontSlug: string): Promise<StorefrontWithItems> {
      return runOne(
        supabase
          .from('storefronts')
          .select('*, storefront_items(*)')
          .eq('slug', slug('slug', storefrontSlug))
          .order('position', { referencedTable: 'storefront_items', ascending: true })
          .maybeSingle(),
        'Storefront',
      );
    },

    /**
     * Everything `/s/{slug}` shows, in one request: the storefront (published, or the reader's own
     * draft), its public items, its products and its owner. `not_found` when there is none.
     */
    async getPublicPage(storefrontSlug: string): Promise<PublicStorefrontView> {
      const view = await run(
        supabase.rpc('public_storefront', { storefront_slug: slug('slug', storefrontSlug) }),
      );
      if (!view) throw new ApiError('not_found', 'Storefront not found');
      return view as unknown as PublicStorefrontView;
    },

    /** The items of a published storefront in order, with tracked link codes ([] otherwise). */
    async listPublicItems(storefrontSlug: string): Promise<PublicStorefrontItem[]> {
      const rows = await run(
        supabase.rpc('public_storefront_items', { storefront_slug: slug('slug', storefrontSlug) }),
      );
      return rows ?? [];
    },

    /**
     * The products of a storefront's items, in the items' order, each with its merchant, the
     * verified claims about it and, apart, the merchant's company-wide ones. Products the reader
     * may not see (no longer approved) are left out.
     */
    async listProducts(
      storefront: Pick<StorefrontWithItems, 'storefront_items'>,
    ): Promise<StorefrontProduct[]> {
      const ids = [
        ...new Set(storefront.storefront_items.map((item) => uuid('product_id', item.product_id))),
      ];
      if (ids.length === 0) return [];
      const rows = (await run(
        supabase
          .from('products')
          .select(
            'id, slug, name, price_cents, currency, images, sustainability_attributes, co2e_grams, co2e_source, merchant:merchant_profiles!products_merchant_id_fkey(company_name, sustainability_claims(id, claim, issuer, expires_on, evidence_url, review_status, product_id))',
          )
          .in('id', ids),
      )) as unknown as StorefrontProductRow[];
      const today = new Date().toISOString().slice(0, 10);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        const { merchant, ...product } = row;
        const verified = (merchant?.sustainability_claims ?? []).filter(
          (c) => c.review_status === 'approved' && (!c.expires_on || c.expires_on >= today),
        );
        const about = (productId: string | null) =>
          verified
            .filter((c) => c.product_id === productId)
            .map(({ review_status: _status, product_id: _product, ...claim }) => claim);
        return [
          {
            ...product,
            merchant: merchant ? { company_name: merchant.company_name } : null,
            product_claims: about(product.id),
            merchant_claims: about(null),
          },
        ];
      });
    },

    /** The public name, username and picture of a storefront's owner. */
    async getOwner(storefront: Pick<Storefront, 'owner_id'>): Promise<StorefrontOwner | null> {
      const rows = (await run(
        supabase
          .from('public_profiles')
          .select('id, name, username, profile_image')
          .eq('id', uuid('owner_id', storefront.owner_id))
          .limit(1),
      )) as StorefrontOwner[] | null;
      return rows?.[0] ?? null;
    },

    async listMine(): Promise<Storefront[]> {
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('storefronts')
          .select('*')
          .eq('owner_id', me)
          .order('created_at', { ascending: false }),
      );
    },

    async create(
      input: Pick<StorefrontFields, 'slug' | 'title'> & Partial<StorefrontFields>,
    ): Promise<Storefront> {
      const values = await record<StorefrontFields, 'slug' | 'title'>('storefront', input, checks, [
        'slug',
        'title',
      ]);
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('storefronts')
          .insert({ ...values, owner_id: me })
          .select('*')
          .single(),
      );
    },

    async update(id: string, changes: Partial<StorefrontFields>): Promise<Storefront> {
      const storefrontId = uuid('id', id);
      const values = await patch<StorefrontFields>('storefront', changes, checks);
      return run(
        supabase.from('storefronts').update(values).eq('id', storefrontId).select('*').single(),
      );
    },

    async remove(id: string): Promise<void> {
      await runDelete(
        supabase.from('storefronts').delete().eq('id', uuid('id', id)).select('id'),
        'Storefront',
      );
    },

    /** Adds an approved product, optionally with one of the owner's links for attribution. */
    async addItem(storefrontId: string, item: NewStorefrontItem): Promise<StorefrontItem> {
      const values = {
        storefront_id: uuid('storefrontId', storefrontId),
        product_id: uuid('product_id', item.product_id),
        affiliate_link_id:
          item.affiliate_link_id == null ? null : uuid('affiliate_link_id', item.affiliate_link_id),
        note: await optionalText('note', item.note ?? null, { max: 500 }),
        position: integer('position', item.position ?? 0, 0, 10_000),
      };
      return run(supabase.from('storefront_items').insert(values).select('*').single());
    },

    async removeItem(itemId: string): Promise<void> {
      await runDelete(
        supabase.from('storefront_items').delete().eq('id', uuid('itemId', itemId)).select('id'),
        'Storefront item',
      );
    },
  };
}

export type StorefrontsModule = ReturnType<typeof createStorefrontsModule>;

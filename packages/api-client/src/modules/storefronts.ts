import type { ModuleContext } from '../context';
import { currentUserId, run, runDelete } from '../request';
import type { Row } from '../types';
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
} from '../validate';

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

export interface NewStorefrontItem {
  product_id: string;
  affiliate_link_id?: string | null;
  note?: string | null;
  position?: number;
}

const checks: { [K in keyof StorefrontFields]-?: (f: string, v: unknown) => StorefrontFields[K] } =
  {
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
      return run(
        supabase
          .from('storefronts')
          .select('*, storefront_items(*)')
          .eq('slug', slug('slug', storefrontSlug))
          .order('position', { referencedTable: 'storefront_items', ascending: true })
          .single(),
      );
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
      const values = record<StorefrontFields, 'slug' | 'title'>('storefront', input, checks, [
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
      const values = patch<StorefrontFields>('storefront', changes, checks);
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
        note: optionalText('note', item.note ?? null, { max: 500 }),
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

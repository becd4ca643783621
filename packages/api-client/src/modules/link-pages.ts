import type { ModuleContext } from '../context.ts';
import type { PublicProfile } from './account.ts';
import { ApiError } from '../errors.ts';
import { currentUserId, run, runDelete } from '../request.ts';
import type { Insert, Row } from '../types.ts';
import {
  boolean,
  integer,
  invalid,
  oneOf,
  optionalText,
  optionalUrl,
  patch,
  record,
  text,
  url,
  username,
  uuid,
  type Check,
} from '../validate.ts';
import { PAGE_THEMES, type PageTheme } from './storefronts.ts';

export type LinkPage = Row<'link_pages'>;
export type LinkPageItem = Row<'link_page_items'>;
export type LinkPageWithItems = LinkPage & { link_page_items: LinkPageItem[] };

export interface LinkPageFields {
  title: string;
  bio: string | null;
  avatar_url: string | null;
  theme: PageTheme;
  is_published: boolean;
}

/**
 * An item of a published link page as a visitor gets it: affiliate-link items carry the link's
 * public `link_code` (follow `/go/{code}`), never its destination; product items carry the product's
 * slug and name and the owner's active link code for it, if any. Items of disabled links are left out.
 */
export interface PublicLinkPageItem {
  id: string;
  kind: LinkPageItem['kind'];
  label: string | null;
  url: string | null;
  link_code: string | null;
  link_title: string | null;
  product_slug: string | null;
  product_name: string | null;
  item_position: number;
}

/**
 * An item of the signed-in owner's page as the editor's preview draws it: every item, hidden ones
 * too, with the public addresses a visitor would get (`link_code` only for an active link of the
 * owner, `product_slug` only for a public product), so the preview matches `/@{username}`.
 */
export interface LinkPagePreviewItem extends PublicLinkPageItem {
  is_visible: boolean;
}

/**
 * A link page as `/@{username}` draws it, in one read: the page, its public items in order and the
 * owner's public profile (whose image stands in when the page has no avatar of its own).
 */
export interface PublicLinkPageView {
  page: LinkPage;
  items: PublicLinkPageItem[];
  profile: PublicProfile;
}

/** One entry of a link page; each kind names what it needs. */
export type NewLinkPageItem = { position?: number; is_visible?: boolean } & (
  | { kind: 'link'; label: string; url: string }
  | { kind: 'affiliate_link'; affiliate_link_id: string; label?: string | null }
  | { kind: 'product'; product_id: string; label?: string | null }
  | { kind: 'header'; label: string }
);

const checks: { [K in keyof LinkPageFields]-?: Check<LinkPageFields[K]> } = {
  title: (f, v) => text(f, v, { max: 120 }),
  bio: (f, v) => optionalText(f, v, { max: 1000 }),
  avatar_url: (f, v) => optionalUrl(f, v, true),
  theme: (f, v) => oneOf(f, v, PAGE_THEMES),
  is_published: boolean,
};

async function itemValues(
  item: NewLinkPageItem,
): Promise<Omit<Insert<'link_page_items'>, 'page_id'>> {
  const base = {
    position: integer('position', item.position ?? 0, 0, 10_000),
    is_visible: boolean('is_visible', item.is_visible ?? true),
    label: null as string | null,
    url: null as string | null,
    affiliate_link_id: null as string | null,
    product_id: null as string | null,
  };
  switch (item?.kind) {
    case 'link':
      return {
        ...base,
        kind: item.kind,
        label: await text('label', item.label, { max: 200 }),
        url: url('url', item.url, true),
      };
    case 'header':
      return { ...base, kind: item.kind, label: await text('label', item.label, { max: 200 }) };
    case 'affiliate_link':
      return {
        ...base,
        kind: item.kind,
        label: await optionalText('label', item.label ?? null, { max: 200 }),
        affiliate_link_id: uuid('affiliate_link_id', item.affiliate_link_id),
      };
    case 'product':
      return {
        ...base,
        kind: item.kind,
        label: await optionalText('label', item.label ?? null, { max: 200 }),
        product_id: uuid('product_id', item.product_id),
      };
    default:
      return invalid('kind', 'must be link, affiliate_link, product or header');
  }
}

/** The link-in-bio page at `/@{username}`. */
export function createLinkPagesModule({ supabase }: ModuleContext) {
  return {
    /** The published page of a user with its visible items in order. */
    async getByUsername(name: string): Promise<LinkPageWithItems> {
      const owner = await run(
        supabase
          .from('public_profiles')
          .select('id')
          .eq('username', username('username', name))
          .maybeSingle(),
      );
      if (!owner?.id) throw new ApiError('not_found', 'Page not found');
      return run(
        supabase
          .from('link_pages')
          .select('*, link_page_items(*)')
          .eq('owner_id', owner.id)
          .order('position', { referencedTable: 'link_page_items', ascending: true })
          .single(),
      );
    },

    /**
     * Everything `/@{username}` shows, in one request: the page (published, or the reader's own
     * draft), its public items and the owner's public profile. `not_found` when there is none.
     */
    async getPublicPage(name: string): Promise<PublicLinkPageView> {
      const view = await run(
        supabase.rpc('public_link_page', { page_username: username('username', name) }),
      );
      if (!view) throw new ApiError('not_found', 'Page not found');
      return view as unknown as PublicLinkPageView;
    },

    /** The visible items of a user's published page in order, with tracked link codes ([] otherwise). */
    async listPublicItems(name: string): Promise<PublicLinkPageItem[]> {
      const rows = await run(
        supabase.rpc('public_link_page_items', { page_username: username('username', name) }),
      );
      return rows ?? [];
    },

    /**
     * The signed-in user's items with the addresses visitors get, in order, for the live preview
     * ([] before the page exists or when signed out).
     */
    async listPreviewItems(): Promise<LinkPagePreviewItem[]> {
      const { data } = await supabase.auth.getSession();
      if (!data.session) return [];
      const rows = await run(supabase.rpc('my_link_page_preview_items'));
      return rows ?? [];
    },

    /** The signed-in user's page with all its items, or null before it is created. */
    async getMine(): Promise<LinkPageWithItems | null> {
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('link_pages')
          .select('*, link_page_items(*)')
          .eq('owner_id', me)
          .order('position', { referencedTable: 'link_page_items', ascending: true })
          .maybeSingle(),
      );
    },

    /** Creates the signed-in user's page (one per user). */
    async create(
      input: Pick<LinkPageFields, 'title'> & Partial<LinkPageFields>,
    ): Promise<LinkPage> {
      const values = await record<LinkPageFields, 'title'>('page', input, checks, ['title']);
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('link_pages')
          .insert({ ...values, owner_id: me })
          .select('*')
          .single(),
      );
    },

    async update(id: string, changes: Partial<LinkPageFields>): Promise<LinkPage> {
      const pageId = uuid('id', id);
      const values = await patch<LinkPageFields>('page', changes, checks);
      return run(supabase.from('link_pages').update(values).eq('id', pageId).select('*').single());
    },

    async addItem(pageId: string, item: NewLinkPageItem): Promise<LinkPageItem> {
      const values = { ...(await itemValues(item)), page_id: uuid('pageId', pageId) };
      return run(supabase.from('link_page_items').insert(values).select('*').single());
    },

    /** Changes an item's label, address (plain links only) or visibility. */
    async updateItem(
      itemId: string,
      changes: { label?: string | null; url?: string; is_visible?: boolean },
    ): Promise<LinkPageItem> {
      const id = uuid('itemId', itemId);
      const values = await patch<{ label: string | null; url: string; is_visible: boolean }>(
        'item',
        changes,
        {
          label: (f, v) => optionalText(f, v, { max: 200 }),
          url: (f, v) => url(f, v, true),
          is_visible: boolean,
        },
      );
      return run(supabase.from('link_page_items').update(values).eq('id', id).select('*').single());
    },

    async moveItem(itemId: string, position: number): Promise<LinkPageItem> {
      const id = uuid('itemId', itemId);
      const values = { position: integer('position', position, 0, 10_000) };
      return run(supabase.from('link_page_items').update(values).eq('id', id).select('*').single());
    },

    async removeItem(itemId: string): Promise<void> {
      await runDelete(
        supabase.from('link_page_items').delete().eq('id', uuid('itemId', itemId)).select('id'),
        'Link page item',
      );
    },
  };
}

export type LinkPagesModule = ReturnType<typeof createLinkPagesModule>;

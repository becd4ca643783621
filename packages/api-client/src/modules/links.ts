import type { ModuleContext } from '../context.ts';
import { currentUserId, listOwnRows, run, runDelete } from '../request.ts';
import type { Page, Row } from '../types.ts';
import {
  boolean,
  linkCode,
  optionalText,
  patch,
  timestamp,
  url,
  uuid,
  type PageInput,
} from '../validate.ts';

export type AffiliateLink = Row<'affiliate_links'>;
export type LinkClickDay = Row<'link_click_daily'>;

export interface NewAffiliateLink {
  /** The `/go/{code}` code, 4–32 letters, digits, `_` or `-`. */
  code: string;
  destination_url: string;
  program_id?: string | null;
  product_id?: string | null;
  title?: string | null;
}

export interface AffiliateLinkChanges {
  destination_url?: string;
  title?: string | null;
  is_active?: boolean;
}

const optionalUuid = (field: string, v: unknown) =>
  v === null || v === undefined ? null : uuid(field, v);

/** An affiliate's tracked links (`/go/{code}`) and their daily click roll-ups. */
export function createLinksModule({ supabase }: ModuleContext) {
  return {
    /** The signed-in affiliate's links, newest first. */
    listMine: (page?: PageInput): Promise<Page<AffiliateLink>> =>
      listOwnRows(supabase, 'affiliate_links', 'affiliate_id', page),

    /** Creates a link for the signed-in affiliate (program links need an approved membership). */
    async create(input: NewAffiliateLink): Promise<AffiliateLink> {
      const values = {
        code: linkCode('code', input.code),
        destination_url: url('destination_url', input.destination_url, true),
        program_id: optionalUuid('program_id', input.program_id),
        product_id: optionalUuid('product_id', input.product_id),
        title: await optionalText('title', input.title ?? null, { max: 200 }),
      };
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('affiliate_links')
          .insert({ ...values, affiliate_id: me })
          .select('*')
          .single(),
      );
    },

    async update(id: string, changes: AffiliateLinkChanges): Promise<AffiliateLink> {
      const linkId = uuid('id', id);
      const values = await patch<Required<AffiliateLinkChanges>>('link', changes, {
        destination_url: (f, v) => url(f, v, true),
        title: (f, v) => optionalText(f, v, { max: 200 }),
        is_active: boolean,
      });
      return run(
        supabase.from('affiliate_links').update(values).eq('id', linkId).select('*').single(),
      );
    },

    async remove(id: string): Promise<void> {
      const linkId = uuid('id', id);
      await runDelete(
        supabase.from('affiliate_links').delete().eq('id', linkId).select('id'),
        'Link',
      );
    },

    /** Daily clicks of one link (UTC days), oldest first, optionally between two instants. */
    async dailyClicks(
      linkId: string,
      window: { from?: string; to?: string } = {},
    ): Promise<LinkClickDay[]> {
      const id = uuid('linkId', linkId);
      let query = supabase.from('link_click_daily').select('*').eq('link_id', id);
      if (window.from !== undefined)
        query = query.gte('day', timestamp('from', window.from).slice(0, 10));
      if (window.to !== undefined)
        query = query.lte('day', timestamp('to', window.to).slice(0, 10));
      return run(query.order('day', { ascending: true }).limit(400));
    },
  };
}

export type LinksModule = ReturnType<typeof createLinksModule>;

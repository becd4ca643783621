import type { ModuleContext } from '../context.ts';
import { currentUserId, listOwnRows, run, runDelete } from '../request.ts';
import type { Page, Row } from '../types.ts';
import {
  boolean,
  integer,
  linkCode,
  optionalText,
  patch,
  shape,
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

/** The longest window {@link LinksModule.audience} answers, in days (the database's limit). */
export const LINK_AUDIENCE_MAX_DAYS = 90;
/** The value of a click that had none in a dimension (no user agent, country or referrer). */
export const UNKNOWN_AUDIENCE_VALUE = 'unknown';

/** What {@link LinksModule.audience} asks for. */
export interface LinkAudienceInput {
  /** One of the affiliate's links; absent (or null) for all of them. */
  linkId?: string | null;
  /** The last `days` UTC days, today included: 1–90, 30 when absent. */
  days?: number;
}

/** One value of a dimension: the clicks that had it. */
export interface AudienceValue {
  /** A device class, browser name, country code or site, or {@link UNKNOWN_AUDIENCE_VALUE}. */
  value: string;
  /** Clicks by people (bots excluded), as the daily statistics count them. */
  clicks: number;
  /** Counted clicks: one per link, visitor and hour. */
  unique_clicks: number;
}

/**
 * Where a link's (or all links') clicks came from in the window, each list sorted by clicks, most
 * first. Every click has one value in each list, so each list adds up to `totals`.
 */
export interface LinkAudience {
  /** The link asked about, or null for all the affiliate's links. */
  linkId: string | null;
  days: number;
  totals: { clicks: number; unique_clicks: number };
  /** `desktop`, `mobile`, `tablet` or `unknown`. */
  devices: AudienceValue[];
  /** Browser names as the tracker reads them from the user agent (`Chrome`, `Mobile Safari`…). */
  browsers: AudienceValue[];
  /** ISO 3166-1 alpha-2 codes (`DE`), where the platform in front tells the visitor's country. */
  countries: AudienceValue[];
  /** Referring sites by host name without `www.` (`instagram.com`); `unknown`: none sent. */
  referrers: AudienceValue[];
}

const AUDIENCE_LISTS = {
  device: 'devices',
  browser: 'browsers',
  country: 'countries',
  referrer: 'referrers',
} as const;

/** Most clicks first; then most unique; a value known before `unknown`; then by value. */
function byClicks(a: AudienceValue, b: AudienceValue): number {
  return (
    b.clicks - a.clicks ||
    b.unique_clicks - a.unique_clicks ||
    Number(a.value === UNKNOWN_AUDIENCE_VALUE) - Number(b.value === UNKNOWN_AUDIENCE_VALUE) ||
    (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)
  );
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

    /**
     * Affiliate Pro: the clicks of one of the signed-in affiliate's links (or of all of them) in
     * the last `days` UTC days by device, browser, country and referring site, bots excluded and
     * unique clicks counted as {@link dailyClicks} counts them. The input is checked before any
     * request (`validation_failed`). Without an active Affiliate Pro plan (administrators excepted)
     * the database refuses with `forbidden`; a link that is not the caller's is `not_found`.
     */
    async audience(input: LinkAudienceInput = {}): Promise<LinkAudience> {
      const checked = shape('input', input ?? {}, ['linkId', 'days']);
      const linkId = optionalUuid('linkId', checked.linkId);
      const days = integer('days', checked.days ?? 30, 1, LINK_AUDIENCE_MAX_DAYS);
      const rows = await run(
        supabase.rpc('link_audience', linkId ? { link_id: linkId, days } : { days }, {
          get: true,
        }),
      );
      const audience: LinkAudience = {
        linkId,
        days,
        totals: { clicks: 0, unique_clicks: 0 },
        devices: [],
        browsers: [],
        countries: [],
        referrers: [],
      };
      for (const row of rows ?? []) {
        const list = AUDIENCE_LISTS[row.dimension as keyof typeof AUDIENCE_LISTS];
        if (!list) continue;
        audience[list].push({
          value: row.value,
          clicks: Number(row.clicks),
          unique_clicks: Number(row.unique_clicks),
        });
      }
      for (const list of Object.values(AUDIENCE_LISTS)) audience[list].sort(byClicks);
      for (const row of audience.devices) {
        audience.totals.clicks += row.clicks;
        audience.totals.unique_clicks += row.unique_clicks;
      }
      return audience;
    },
  };
}

export type LinksModule = ReturnType<typeof createLinksModule>;

import type { ModuleContext } from '../context.ts';
import { run } from '../request.ts';
import type { Database } from '../database.types.ts';
import { integer, linkCode, url } from '../validate.ts';

export type RevenueTransparencyMonth =
  Database['public']['Functions']['revenue_transparency']['Returns'][number];

export function createTrackingModule({ supabase }: ModuleContext) {
  return {
    /** The public tracked URL of a link: `{siteUrl}/go/{code}`. */
    linkUrl(code: string, siteUrl: string): string {
      const site = url('siteUrl', siteUrl).replace(/\/+$/, '');
      return `${site}/go/${encodeURIComponent(linkCode('code', code))}`;
    },

    /**
     * Public per-month aggregates of the stored revenue splits (merchant, affiliate, platform
     * fee, payment fee, refunds) for /revenue-transparency and the investors page; anyone may read.
     */
    async getRevenueTransparency(months = 12): Promise<RevenueTransparencyMonth[]> {
      return run(
        supabase.rpc('revenue_transparency', { months: integer('months', months, 1, 120) }),
      );
    },
  };
}

export type TrackingModule = ReturnType<typeof createTrackingModule>;

import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expectTypeOf, it } from 'vitest';
import {
  createApiClient,
  type AffiliateLink,
  type ApiClient,
  type ApiErrorCode,
  type Database,
  type EngagementMetadata,
  type Insert,
  type MetricType,
  type Page,
  type Payout,
  type PayoutAffiliate,
  type PayoutRun,
  type PayoutWithAffiliate,
  type Profile,
  type Row,
  type SubscriptionState,
  type TableName,
  type Update,
  type ApiError,
} from '../../src/index.ts';

declare const api: ApiClient;

describe('createApiClient', () => {
  it('returns the single supabase-js client typed with the generated Database', () => {
    expectTypeOf(createApiClient).returns.toEqualTypeOf<ApiClient>();
    expectTypeOf(api.supabase).toEqualTypeOf<SupabaseClient<Database>>();
  });

  it('types rows read through the client from the generated schema', async () => {
    const { data } = await api.supabase.from('profiles').select('*').single();
    expectTypeOf(data).toEqualTypeOf<Profile | null>();
    // @ts-expect-error unknown tables are refused by the types
    api.supabase.from('no_such_table');
  });
});

describe('Row / Insert / Update / Page generics', () => {
  it('follow the table named', () => {
    expectTypeOf<Row<'profiles'>>().toEqualTypeOf<
      Database['public']['Tables']['profiles']['Row']
    >();
    expectTypeOf<Insert<'products'>>().toEqualTypeOf<
      Database['public']['Tables']['products']['Insert']
    >();
    expectTypeOf<Update<'orders'>>().toEqualTypeOf<
      Database['public']['Tables']['orders']['Update']
    >();
    expectTypeOf<Row<'affiliate_links'>>().toEqualTypeOf<AffiliateLink>();
    expectTypeOf<Page<AffiliateLink>>().toEqualTypeOf<{ rows: AffiliateLink[]; total: number }>();
    expectTypeOf<'profiles'>().toExtend<TableName>();
    expectTypeOf<'nope'>().not.toExtend<TableName>();
    expectTypeOf<Row<'products'>['price_cents']>().toEqualTypeOf<number>();
  });

  it('give domain calls precise results', () => {
    expectTypeOf(api.profiles.fetchProfile).returns.resolves.toEqualTypeOf<Profile | null>();
    expectTypeOf(
      api.profiles.fetchSubscription,
    ).returns.resolves.toEqualTypeOf<SubscriptionState | null>();
    expectTypeOf(api.profiles.countAdminsExcluding).returns.resolves.toEqualTypeOf<number>();
    expectTypeOf(api.links.listMine).returns.resolves.toEqualTypeOf<Page<AffiliateLink>>();
    expectTypeOf(api.payouts.list).returns.resolves.toEqualTypeOf<Page<PayoutWithAffiliate>>();
    expectTypeOf<PayoutWithAffiliate>().toExtend<Payout>();
    expectTypeOf<PayoutWithAffiliate['affiliate']>().toEqualTypeOf<{
      name: string;
      username: string;
    } | null>();
    expectTypeOf<
      PayoutRun['payouts'][number]['affiliate']
    >().toEqualTypeOf<PayoutAffiliate | null>();
    expectTypeOf<SubscriptionState>().toEqualTypeOf<{
      has_active_subscription: boolean;
      subscription_tier: string | null;
      subscription_end_date: string | null;
    }>();
  });
});

describe('trackEngagement', () => {
  it('ties the metadata type to the metric type', () => {
    expectTypeOf<MetricType>().toEqualTypeOf<'page_load_time' | 'demo_view' | 'error'>();
    expectTypeOf(api.trackEngagement<'demo_view'>)
      .parameter(2)
      .toEqualTypeOf<EngagementMetadata['demo_view']>();
    void api.trackEngagement('demo_view', 1, { url: '/', referrer: '' });
    void api.trackEngagement('error', 1, { type: 'unhandledrejection', reason: 'x', url: '/' });
    // @ts-expect-error page_load_time needs dom_content_loaded, url and user_agent
    void api.trackEngagement('page_load_time', 812, { url: '/', referrer: '' });
    // @ts-expect-error unknown metric types are refused
    void api.trackEngagement('clicks', 1, { url: '/', referrer: '' });
  });
});

describe('ApiError', () => {
  it('carries a closed set of stable codes', () => {
    expectTypeOf<ApiError['code']>().toEqualTypeOf<ApiErrorCode>();
    expectTypeOf<'forbidden'>().toExtend<ApiErrorCode>();
    expectTypeOf<'teapot'>().not.toExtend<ApiErrorCode>();
  });

  it('refuses inputs of the wrong shape at compile time', () => {
    // @ts-expect-error changeRole takes a role, not any string
    void api.profiles.changeRole('id', 'owner');
    // @ts-expect-error a percent program needs its rate in basis points
    void api.programs.create({ name: 'x', commission_type: 'percent', commission_flat_cents: 100 });
    // @ts-expect-error pages are numbered, not named
    void api.payouts.list({ page: 'next' });
    // @ts-expect-error link page items of kind "link" need a url
    void api.linkPages.addItem('id', { kind: 'link', label: 'Shop' });
  });
});

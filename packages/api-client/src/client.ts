import {
  createClient,
  type SupportedStorage,
  type WebSocketLikeConstructor,
} from '@supabase/supabase-js';
import { REALTIME_HEARTBEAT_MS, REALTIME_RECONNECT_MS, REALTIME_TIMEOUT_MS } from './constants.ts';
import type { Database } from './database.types.ts';
import { ApiError } from './api-error.ts';
import {
  defaultSleep,
  type ApiLogger,
  type AuthServerSettings,
  type ModuleContext,
  type VerdantSupabaseClient,
} from './context.ts';
import { toApiError } from './errors.ts';
import { createAdminModule } from './modules/admin.ts';
import { createCheckoutModule } from './modules/checkout.ts';
import { createPayoutsModule } from './modules/payouts.ts';
import { createSubscriptionsModule } from './modules/subscriptions.ts';
import { createTrackingModule } from './modules/tracking.ts';
import { createCommissionsModule } from './modules/commissions.ts';
import { createCommunityModule } from './modules/community.ts';
import { createContactModule } from './modules/contact.ts';
import { createCoursesModule } from './modules/courses.ts';
import { createEngagementModule } from './modules/engagement.ts';
import { createLinkPagesModule } from './modules/link-pages.ts';
import { createLinksModule } from './modules/links.ts';
import { createMembershipsModule } from './modules/memberships.ts';
import { createMerchantsModule } from './modules/merchants.ts';
import { createMarketingModule } from './modules/platform-figures.ts';
import { createMessagesModule } from './modules/messages.ts';
import { createOrdersModule } from './modules/orders.ts';
import { createProductsModule } from './modules/products.ts';
import { createProfilesModule } from './modules/profiles.ts';
import { createAccountModule } from './modules/account.ts';
import { createAffiliateModule } from './modules/affiliate.ts';
import { createProgramsModule } from './modules/programs.ts';
import { createStorefrontsModule } from './modules/storefronts.ts';
import { createVendorModule } from './modules/vendor.ts';

export interface ApiClientOptions {
  /** The project URL, e.g. `import.meta.env.VITE_SUPABASE_URL`. */
  url: string;
  /** The public anon key; never the service-role key in a browser. */
  anonKey: string;
  /** A fetch implementation (tests, server runtimes). Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Where the auth session is kept. Defaults to localStorage in browsers, memory elsewhere. */
  storage?: SupportedStorage;
  /** WebSocket constructor for realtime; needed in Node 20 (e.g. `WebSocket` from `ws`). */
  realtimeTransport?: WebSocketLikeConstructor;
  /** Waits between profile fetch attempts; injectable so tests need no real time. */
  sleep?: (ms: number) => Promise<void>;
  /** Receives failed profile fetch attempts (spec §8: logged, then retried). Defaults to `console`. */
  logger?: ApiLogger;
  /** Session handling of supabase-js (all default to true). */
  auth?: {
    persistSession?: boolean;
    autoRefreshToken?: boolean;
    detectSessionInUrl?: boolean;
    storageKey?: string;
  };
}

/** Spec §9: 1 s, 2 s, 5 s, then 10 s between reconnect attempts. */
function realtimeReconnectDelay(tries: number): number {
  return REALTIME_RECONNECT_MS[Math.max(tries, 1) - 1] ?? REALTIME_RECONNECT_MS[3];
}

function buildModules(context: ModuleContext) {
  return {
    profiles: createProfilesModule(context),
    account: createAccountModule(context),
    affiliate: createAffiliateModule(context),
    trackEngagement: createEngagementModule(context),
    links: createLinksModule(context),
    programs: createProgramsModule(context),
    memberships: createMembershipsModule(context),
    products: createProductsModule(context),
    orders: createOrdersModule(context),
    commissions: createCommissionsModule(context),
    storefronts: createStorefrontsModule(context),
    linkPages: createLinkPagesModule(context),
    courses: createCoursesModule(context),
    community: createCommunityModule(context),
    messages: createMessagesModule(context),
    admin: createAdminModule(context),
    checkout: createCheckoutModule(context),
    payouts: createPayoutsModule(context),
    subscriptions: createSubscriptionsModule(context),
    tracking: createTrackingModule(context),
    contact: createContactModule(context),
    marketing: createMarketingModule(context),
    vendor: createVendorModule(context),
    merchants: createMerchantsModule(context),
  };
}

export type ApiClient = { supabase: VerdantSupabaseClient } & ReturnType<typeof buildModules>;

/**
 * Creates the single typed supabase-js client of an app plus Verdant's domain modules.
 * A missing `url` or `anonKey` fails with supabase-js's own messages
 * ('supabaseUrl is required.', 'supabaseKey is required.').
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const supabase = createClient<Database>(options.url, options.anonKey, {
    auth: {
      ...options.auth,
      ...(options.storage ? { storage: options.storage } : {}),
    },
    realtime: {
      heartbeatIntervalMs: REALTIME_HEARTBEAT_MS,
      timeout: REALTIME_TIMEOUT_MS,
      reconnectAfterMs: realtimeReconnectDelay,
      ...(options.realtimeTransport ? { transport: options.realtimeTransport } : {}),
    },
    ...(options.fetch ? { global: { fetch: options.fetch } } : {}),
  });
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const authSettings = async (): Promise<AuthServerSettings> => {
    let response: Response;
    try {
      response = await fetchImpl(
        new URL('auth/v1/settings', `${options.url.replace(/\/+$/, '')}/`),
        {
          headers: { apikey: options.anonKey },
        },
      );
    } catch (error) {
      throw await toApiError(error);
    }
    if (!response.ok)
      throw new ApiError('unavailable', `The auth server answered ${response.status}`);
    const body = (await response.json()) as Partial<AuthServerSettings>;
    return { external: body.external ?? {} };
  };
  return {
    supabase,
    ...buildModules({
      supabase,
      authSettings,
      sleep: options.sleep ?? defaultSleep,
      logger: options.logger ?? console,
    }),
  };
}

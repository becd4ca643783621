import { createApiClient, type ApiClient } from '@verdant/api-client';

/** The backend the app reads from. */
export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
}

/** A meta tag's content, or '' when it is missing or still holds its build placeholder. */
function readMeta(name: string): string {
  const content =
    document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim() ?? '';
  return content.startsWith('%') ? '' : content;
}

/**
 * The backend configuration: the meta tags the web server fills at serve time, else its
 * `/verdant-config.json` (so one build serves any stack), else VITE_SUPABASE_URL /
 * VITE_SUPABASE_ANON_KEY from the build environment. Undefined when none is there: the pages
 * then show their dated fallback.
 */
export async function loadConfig(
  fetchImpl: typeof fetch = fetch,
  env: Record<string, string | undefined> = import.meta.env,
): Promise<AppConfig | undefined> {
  const metaUrl = readMeta('verdant-supabase-url');
  const metaKey = readMeta('verdant-supabase-anon-key');
  if (metaUrl && metaKey) return { supabaseUrl: metaUrl, supabaseAnonKey: metaKey };
  try {
    const response = await fetchImpl('/verdant-config.json', { cache: 'no-store' });
    if (response.ok) {
      const body = (await response.json()) as { apiUrl?: unknown; anonKey?: unknown };
      if (typeof body.apiUrl === 'string' && typeof body.anonKey === 'string') {
        return { supabaseUrl: body.apiUrl, supabaseAnonKey: body.anonKey };
      }
    }
  } catch {
    // A static deployment has no such file; fall through to the build environment.
  }
  if (env.VITE_SUPABASE_URL && env.VITE_SUPABASE_ANON_KEY) {
    return { supabaseUrl: env.VITE_SUPABASE_URL, supabaseAnonKey: env.VITE_SUPABASE_ANON_KEY };
  }
  return undefined;
}

let client: Promise<ApiClient | undefined> | undefined;

/** The one API client of the app (anonymous: these pages never sign in). */
export function getApi(): Promise<ApiClient | undefined> {
  client ??= loadConfig().then((config) =>
    config
      ? createApiClient({
          url: config.supabaseUrl,
          anonKey: config.supabaseAnonKey,
          auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        })
      : undefined,
  );
  return client;
}

/**
 * The public address of the product printed on the sheets and encoded in the QR codes:
 * VITE_SITE_URL for a production build, else the origin the pages are served from.
 */
export function siteUrl(): string {
  const configured = import.meta.env.VITE_SITE_URL as string | undefined;
  return (configured || window.location.origin).replace(/\/+$/, '');
}

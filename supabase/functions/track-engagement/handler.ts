// track-engagement (spec §7): records one engagement metric in public.engagement_metrics with
// the service role. Web-standard handler: hosted Supabase runs it through index.ts (Deno.serve),
// the local stack calls it directly.
import { createClient } from '@supabase/supabase-js';
import { bearerToken, isUuid, validateEngagementMetric } from '@verdant/validation';

export interface FunctionEnv {
  get(name: string): string | undefined;
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, 'Content-Type': 'application/json' },
  });
}

/**
 * Refusals of text the validator lets through but Postgres cannot store (it refuses NUL characters
 * and unpaired surrogates already): 22P05 untranslatable character, 22021 a byte sequence invalid
 * in the database's encoding, and PGRST102, PostgREST's answer to a body it cannot read as JSON
 * (what a lone surrogate escape such as "\ud800" gets).
 */
const UNSTORABLE_TEXT_CODES = new Set(['22P05', '22021', 'PGRST102']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The `sub` of the caller's JWT when it is a user's token (the gateway has verified it already). */
function userIdFrom(req: Request): string | null {
  const payload = bearerToken(req.headers.get('authorization'))?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (!isRecord(claims) || claims.role !== 'authenticated' || typeof claims.sub !== 'string')
      return null;
    return isUuid(claims.sub) ? claims.sub : null;
  } catch {
    return null;
  }
}

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const url = env.get('SUPABASE_URL');
  const serviceRoleKey = env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !serviceRoleKey)
    throw new Error('track-engagement needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  const admin = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (req.method !== 'POST') return json(405, { error: 'Method not allowed; use POST' });
    if (!(req.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      return json(415, { error: 'The body must be JSON (Content-Type: application/json)' });
    }
    let body: unknown;
    try {
      body = await req.json();
    } catch {
      return json(400, { error: 'The body is not valid JSON' });
    }
    const result = validateEngagementMetric(body);
    if (!result.ok) return json(400, { error: result.error });

    const { error } = await admin
      .from('engagement_metrics')
      .insert({ ...result.metric, user_id: userIdFrom(req) });
    if (error) {
      // A user deleted meanwhile (foreign key) and text the database cannot store are the
      // caller's; anything else is ours.
      if (error.code === '23503') return json(400, { error: 'Unknown user' });
      if (UNSTORABLE_TEXT_CODES.has(error.code)) {
        return json(400, { error: 'metadata contains text the database cannot store' });
      }
      return json(500, { error: 'Could not record the metric' });
    }
    return json(201, { ok: true });
  };
}

// track-engagement (spec §7): records one engagement metric in public.engagement_metrics with
// the service role. Web-standard handler: hosted Supabase runs it through index.ts (Deno.serve),
// the local stack calls it directly.
import { createClient } from '@supabase/supabase-js';
import { SANITIZE_MAX_LENGTH } from '@verdant/validation';

export interface FunctionEnv {
  get(name: string): string | undefined;
}

type FieldKind = 'string' | 'number';

/** The longest text field accepted (stack traces and user agents can be long). */
const TEXT_LIMIT = 10 * SANITIZE_MAX_LENGTH;

/** Spec §7: the metadata each kind of metric carries; every field is required, no others allowed. */
const METADATA_SHAPES: Record<string, Record<string, FieldKind>> = {
  page_load_time: { dom_content_loaded: 'number', url: 'string', user_agent: 'string' },
  demo_view: { url: 'string', referrer: 'string' },
  script_error: {
    message: 'string',
    filename: 'string',
    lineno: 'number',
    colno: 'number',
    stack: 'string',
    url: 'string',
  },
  unhandled_rejection: { type: 'string', reason: 'string', url: 'string' },
};

const METRIC_TYPES = ['page_load_time', 'demo_view', 'error'] as const;
type MetricType = (typeof METRIC_TYPES)[number];

export interface EngagementMetric {
  metric_type: MetricType;
  metric_value: number;
  metadata: Record<string, string | number>;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Returns the metric, or the reason it is not one. */
export function parseMetric(body: unknown): EngagementMetric | string {
  if (!isRecord(body)) return 'The body must be a JSON object';
  const extra = Object.keys(body).filter(
    (key) => !['metric_type', 'metric_value', 'metadata'].includes(key),
  );
  if (extra.length) return `Unknown field: ${extra[0]}`;
  const metricType = body.metric_type;
  if (typeof metricType !== 'string' || !(METRIC_TYPES as readonly string[]).includes(metricType)) {
    return `metric_type must be one of ${METRIC_TYPES.join(', ')}`;
  }
  const value = body.metric_value;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    return 'metric_value must be a finite number of at least 0';
  }
  const metadata = body.metadata;
  if (!isRecord(metadata)) return 'metadata must be an object';
  const shapeName =
    metricType === 'error'
      ? metadata.type === 'unhandledrejection'
        ? 'unhandled_rejection'
        : 'script_error'
      : metricType;
  const shape = METADATA_SHAPES[shapeName] ?? {};
  for (const key of Object.keys(metadata)) {
    if (!(key in shape)) return `metadata.${key} is not a field of ${metricType} metrics`;
  }
  for (const [key, kind] of Object.entries(shape)) {
    const field = metadata[key];
    if (kind === 'number' && (typeof field !== 'number' || !Number.isFinite(field)))
      return `metadata.${key} must be a number`;
    if (kind === 'string' && (typeof field !== 'string' || field.length > TEXT_LIMIT)) {
      return `metadata.${key} must be text of at most ${TEXT_LIMIT} characters`;
    }
  }
  return {
    metric_type: metricType as MetricType,
    metric_value: value,
    metadata: metadata as Record<string, string | number>,
  };
}

/** The `sub` of the caller's JWT when it is a user's token (the gateway has verified it already). */
function userIdFrom(req: Request): string | null {
  const token = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (!isRecord(claims) || claims.role !== 'authenticated' || typeof claims.sub !== 'string')
      return null;
    return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(claims.sub)
      ? claims.sub
      : null;
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
    const metric = parseMetric(body);
    if (typeof metric === 'string') return json(400, { error: metric });

    const { error } = await admin
      .from('engagement_metrics')
      .insert({ ...metric, user_id: userIdFrom(req) });
    if (error) {
      // A user deleted meanwhile (foreign key) is the only expected failure; anything else is ours.
      return json(error.code === '23503' ? 400 : 500, {
        error: error.code === '23503' ? 'Unknown user' : 'Could not record the metric',
      });
    }
    return json(201, { ok: true });
  };
}

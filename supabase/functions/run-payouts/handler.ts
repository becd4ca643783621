// run-payouts: an administrator (or the service role, e.g. from a scheduled job) pays out the
// approved commissions: public.run_payouts releases what is due, groups the approved
// commissions per affiliate above a minimum (clawbacks reduce the sum) and marks the payouts paid
// in one transaction. The database checks the caller, because the function calls it with the
// caller's own JWT. `format: "csv"` answers the run as a CSV safe to open in a spreadsheet.
import { createClient } from '@supabase/supabase-js';
import { payoutsCsv } from '@verdant/validation';
import {
  CORS_HEADERS,
  errorResponse,
  isRecord,
  json,
  jwtClaims,
  readJsonBody,
  type FunctionEnv,
} from '../_shared/http.ts';

export const DEFAULT_MINIMUM_CENTS = 1000;
/** How far back `asOf` may reach (the same bound as public.run_payouts). */
export const ASOF_LOOKBACK_DAYS = 366;
/** A minute ahead is allowed for the difference between this clock and the database's. */
const ASOF_AHEAD_MS = 60_000;
const DAY_MS = 86_400_000;

interface PayoutRow {
  id: string;
  affiliate_id: string;
  amount_cents: number;
  currency: string;
  status: string;
  paid_at: string | null;
}

export function createHandler(env: FunctionEnv): (req: Request) => Promise<Response> {
  const url = env.get('SUPABASE_URL');
  const anonKey = env.get('SUPABASE_ANON_KEY');
  const serviceRoleKey = env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (!url || !anonKey || !serviceRoleKey)
    throw new Error(
      'run-payouts needs SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY',
    );
  const admin = createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });

  return async (req) => {
    if (req.method === 'OPTIONS') return new Response('ok', { headers: CORS_HEADERS });
    if (req.method !== 'POST') return errorResponse(405, 'method_not_allowed', 'Use POST');
    const claims = jwtClaims(req);
    // The anon key (or no JWT) names nobody: 401, as the other functions answer; a user who is
    // not an administrator is refused by the database with 403.
    if (!claims || (claims.role !== 'authenticated' && claims.role !== 'service_role'))
      return errorResponse(401, 'unauthorized', 'Sign in as an administrator to run payouts');

    let body: unknown = {};
    if (req.headers.get('content-length') !== '0' && req.headers.get('content-type')) {
      const read = await readJsonBody(req, 4096);
      if (!read.ok) return errorResponse(read.status, read.code, read.message);
      body = read.body ?? {};
    }
    if (!isRecord(body)) return errorResponse(400, 'invalid_request', 'The body must be an object');
    const unknown = Object.keys(body).find(
      (key) => !['asOf', 'minimumCents', 'currency', 'format'].includes(key),
    );
    if (unknown) return errorResponse(400, 'invalid_request', `Unknown field "${unknown}"`);
    const now = Date.now();
    const asOf = body.asOf === undefined ? new Date(now) : new Date(String(body.asOf));
    if (
      typeof body.asOf !== 'undefined' &&
      (typeof body.asOf !== 'string' || Number.isNaN(asOf.getTime()))
    )
      return errorResponse(400, 'invalid_request', '"asOf" must be an ISO date-time');
    // A run may look back (what was due on a day whose run was missed), never ahead, and not
    // further than public.run_payouts allows; what it pays is dated when the run happens.
    if (asOf.getTime() > now + ASOF_AHEAD_MS || asOf.getTime() < now - ASOF_LOOKBACK_DAYS * DAY_MS)
      return errorResponse(
        400,
        'invalid_request',
        `"asOf" must be within the last ${ASOF_LOOKBACK_DAYS} days, not in the future`,
      );
    const minimum = body.minimumCents ?? DEFAULT_MINIMUM_CENTS;
    if (
      typeof minimum !== 'number' ||
      !Number.isInteger(minimum) ||
      minimum < 1 ||
      minimum > 100_000_000
    )
      return errorResponse(
        400,
        'invalid_request',
        '"minimumCents" must be a whole number from 1 to 100000000',
      );
    const currency = body.currency ?? 'USD';
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency))
      return errorResponse(400, 'invalid_request', '"currency" must be a three-letter ISO code');
    const format = body.format ?? 'json';
    if (format !== 'json' && format !== 'csv')
      return errorResponse(400, 'invalid_request', '"format" must be "json" or "csv"');

    // The caller's own JWT: public.run_payouts decides whether the caller may pay out.
    const caller = createClient(url, anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: req.headers.get('authorization') ?? '' } },
    });
    const { data, error } = await caller.rpc('run_payouts', {
      as_of: asOf.toISOString(),
      minimum_cents: minimum,
      payout_currency: currency,
    });
    if (error) {
      if (error.code === '42501') return errorResponse(403, 'forbidden', error.message);
      if (error.code === '22023') return errorResponse(400, 'invalid_request', error.message);
      console.error(`[run-payouts] ${error.message}`);
      return errorResponse(500, 'payout_failed', 'The payout run failed; nothing was paid');
    }
    const payouts = (data ?? []) as PayoutRow[];
    if (format === 'json') return json(200, { payouts });

    const ids = payouts.map((p) => p.affiliate_id);
    const { data: names } = ids.length
      ? await admin.from('profiles').select('id, name').in('id', ids)
      : { data: [] as Array<{ id: string; name: string }> };
    const nameOf = new Map((names ?? []).map((row) => [row.id as string, row.name as string]));
    const csv = payoutsCsv(
      payouts.map((p) => ({ ...p, affiliate_name: nameOf.get(p.affiliate_id) ?? null })),
    );
    return new Response(csv, {
      status: 200,
      headers: {
        ...CORS_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="payouts-${asOf.toISOString().slice(0, 10)}.csv"`,
      },
    });
  };
}

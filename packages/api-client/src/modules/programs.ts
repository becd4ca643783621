import type { ModuleContext } from '../context.ts';
import { currentUserId, listOwnRows, run, runOne, runDelete, runPage } from '../request.ts';
import type { Page, Row } from '../types.ts';
import {
  boolean,
  currency,
  flatCommissionCents,
  integer,
  invalid,
  oneOf,
  optionalText,
  patch,
  range,
  text,
  uuid,
  type PageInput,
} from '../validate.ts';

export type AffiliateProgram = Row<'affiliate_programs'>;
export const PROGRAM_STATUSES = ['draft', 'active', 'paused', 'closed'] as const;
export type ProgramStatus = (typeof PROGRAM_STATUSES)[number];

/**
 * Percent commissions are in basis points (1000 = 10 %), flat ones in cents per item sold (1 to
 * 1,000,000: at most 10,000.00, as the database also requires).
 */
export type ProgramCommission =
  | { commission_type: 'percent'; commission_rate_bps: number }
  | { commission_type: 'flat'; commission_flat_cents: number };

export type NewProgram = ProgramCommission & {
  name: string;
  description?: string | null;
  currency?: string;
  cookie_window_days?: number;
  holding_days?: number;
  auto_approve?: boolean;
  status?: ProgramStatus;
  terms?: string | null;
};

export interface ProgramChanges {
  name?: string;
  description?: string | null;
  cookie_window_days?: number;
  holding_days?: number;
  auto_approve?: boolean;
  status?: ProgramStatus;
  terms?: string | null;
}

function commission(input: ProgramCommission) {
  if (input?.commission_type === 'percent') {
    return {
      commission_type: 'percent' as const,
      commission_rate_bps: integer('commission_rate_bps', input.commission_rate_bps, 1, 10_000),
      commission_flat_cents: null,
    };
  }
  if (input?.commission_type === 'flat') {
    return {
      commission_type: 'flat' as const,
      commission_flat_cents: flatCommissionCents(
        'commission_flat_cents',
        input.commission_flat_cents,
      ),
      commission_rate_bps: null,
    };
  }
  return invalid('commission_type', 'must be percent or flat');
}

const programChecks = {
  name: (f: string, v: unknown) => text(f, v, { max: 200 }),
  description: (f: string, v: unknown) => optionalText(f, v, { max: 4000 }),
  cookie_window_days: (f: string, v: unknown) => integer(f, v, 1, 365),
  holding_days: (f: string, v: unknown) => integer(f, v, 0, 180),
  auto_approve: boolean,
  status: (f: string, v: unknown) => oneOf(f, v, PROGRAM_STATUSES),
  terms: (f: string, v: unknown) => optionalText(f, v, { max: 8000 }),
};

/** Merchants' affiliate programs: browsing for affiliates, management for their merchant. */
export function createProgramsModule({ supabase }: ModuleContext) {
  return {
    /** Active programs of approved merchants (plus, for members and owners, their own). */
    async list(page?: PageInput): Promise<Page<AffiliateProgram>> {
      const { from, to } = range(page);
      return runPage(
        supabase
          .from('affiliate_programs')
          .select('*', { count: 'exact' })
          .order('created_at', { ascending: false })
          .range(from, to),
      );
    },

    async get(id: string): Promise<AffiliateProgram> {
      return runOne(
        supabase.from('affiliate_programs').select('*').eq('id', uuid('id', id)).maybeSingle(),
        'Program',
      );
    },

    /** The signed-in merchant's programs. */
    listMine: (page?: PageInput): Promise<Page<AffiliateProgram>> =>
      listOwnRows(supabase, 'affiliate_programs', 'merchant_id', page),

    async create(input: NewProgram): Promise<AffiliateProgram> {
      const {
        commission_type: _t,
        commission_rate_bps: _r,
        commission_flat_cents: _f,
        currency: cur,
        name,
        ...rest
      } = input as NewProgram & { commission_rate_bps?: number; commission_flat_cents?: number };
      const values = {
        name: await programChecks.name('name', name),
        ...commission(input),
        ...(Object.keys(rest).length > 0
          ? await patch<ProgramFields>('program', rest, programChecks)
          : {}),
        ...(cur === undefined ? {} : { currency: currency('currency', cur) }),
      };
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('affiliate_programs')
          .insert({ ...values, merchant_id: me })
          .select('*')
          .single(),
      );
    },

    async update(id: string, changes: ProgramChanges): Promise<AffiliateProgram> {
      const programId = uuid('id', id);
      const values = await patch<ProgramFields>('program', changes, programChecks);
      return run(
        supabase.from('affiliate_programs').update(values).eq('id', programId).select('*').single(),
      );
    },

    /** Changes the commission (type and rate or flat amount together); applies to new sales. */
    async setCommission(id: string, input: ProgramCommission): Promise<AffiliateProgram> {
      const programId = uuid('id', id);
      return run(
        supabase
          .from('affiliate_programs')
          .update(commission(input))
          .eq('id', programId)
          .select('*')
          .single(),
      );
    },

    async remove(id: string): Promise<void> {
      await runDelete(
        supabase.from('affiliate_programs').delete().eq('id', uuid('id', id)).select('id'),
        'Program',
      );
    },
  };
}

type ProgramFields = {
  [K in keyof typeof programChecks]: Awaited<ReturnType<(typeof programChecks)[K]>>;
};

export type ProgramsModule = ReturnType<typeof createProgramsModule>;

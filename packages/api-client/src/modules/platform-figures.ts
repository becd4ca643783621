import type { ModuleContext } from '../context.ts';
import type { Database } from '../database.types.ts';
import { ApiError } from '../errors.ts';
import { run } from '../request.ts';
import { integer } from '../validate.ts';

type Functions = Database['public']['Functions'];

/** One row of `marketing_figures()`: aggregate counts only, never a single record. */
export type MarketingFigures = Functions['marketing_figures']['Returns'][number];
/** The public terms of one active program of an approved merchant. */
export type PublicProgramTerms = Functions['public_program_terms']['Returns'][number];

/** Public, live data for the marketing pages (one-sheets, presentation, investors); no sign-in. */
export function createMarketingModule({ supabase }: ModuleContext) {
  return {
    /** Live aggregate figures and the typical (median) program terms. */
    async figures(): Promise<MarketingFigures> {
      const rows = await run(supabase.rpc('marketing_figures', undefined, { get: true }));
      const first = (rows as MarketingFigures[] | null)?.[0];
      if (!first) throw new ApiError('unknown', 'The marketing figures returned no row');
      return first;
    },

    /** Terms of the open programs, best paying first (1–50 rows, default 12). */
    async programTerms(limit = 12): Promise<PublicProgramTerms[]> {
      return run(
        supabase.rpc(
          'public_program_terms',
          { max_rows: integer('limit', limit, 1, 50) },
          { get: true },
        ),
      );
    },
  };
}

export type MarketingModule = ReturnType<typeof createMarketingModule>;

import type { ModuleContext } from '../context.ts';
import { currentUserId, listOwnRows, run, runDelete, runPage } from '../request.ts';
import type { Page, Row } from '../types.ts';
import { oneOf, optionalText, range, uuid, type PageInput } from '../validate.ts';

export type ProgramMembership = Row<'program_memberships'>;
export const MEMBERSHIP_DECISIONS = ['approved', 'rejected', 'removed'] as const;
export type MembershipDecision = (typeof MEMBERSHIP_DECISIONS)[number];

/** Affiliates applying to programs and merchants deciding on them. */
export function createMembershipsModule({ supabase }: ModuleContext) {
  return {
    /** The signed-in affiliate applies; auto-approve programs approve at once. */
    async apply(programId: string, note?: string | null): Promise<ProgramMembership> {
      const values = {
        program_id: uuid('programId', programId),
        application_note: await optionalText('note', note ?? null, { max: 2000 }),
      };
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('program_memberships')
          .insert({ ...values, affiliate_id: me })
          .select('*')
          .single(),
      );
    },

    /** The signed-in affiliate's memberships. */
    listMine: (page?: PageInput): Promise<Page<ProgramMembership>> =>
      listOwnRows(supabase, 'program_memberships', 'affiliate_id', page),

    /** Applications and members of one program (its merchant or an admin). */
    async listForProgram(programId: string, page?: PageInput): Promise<Page<ProgramMembership>> {
      const { from, to } = range(page);
      return runPage(
        supabase
          .from('program_memberships')
          .select('*', { count: 'exact' })
          .eq('program_id', uuid('programId', programId))
          .order('created_at', { ascending: false })
          .range(from, to),
      );
    },

    /** The program's merchant approves, rejects or removes a membership. */
    async decide(id: string, decision: MembershipDecision): Promise<ProgramMembership> {
      const membershipId = uuid('id', id);
      const status = oneOf('decision', decision, MEMBERSHIP_DECISIONS);
      return run(
        supabase
          .from('program_memberships')
          .update({ status })
          .eq('id', membershipId)
          .select('*')
          .single(),
      );
    },

    /** The affiliate leaves (or withdraws an application). */
    async leave(id: string): Promise<void> {
      await runDelete(
        supabase.from('program_memberships').delete().eq('id', uuid('id', id)).select('id'),
        'Membership',
      );
    },
  };
}

export type MembershipsModule = ReturnType<typeof createMembershipsModule>;

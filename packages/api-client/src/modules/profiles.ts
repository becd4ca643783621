import { ROLES, type Role } from '@verdant/validation';
import { NO_ROWS_CODE, PROFILE_FETCH_ATTEMPTS, PROFILE_FETCH_BACKOFF_MS } from '../constants.ts';
import type { ModuleContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import type { Tables } from '../database.types.ts';
import { run, runVoid } from '../request.ts';
import { newUsername, optionalText, optionalUrl, patch, text, uuid } from '../validate.ts';

export type Profile = Tables<'profiles'>;

export type SubscriptionState = Pick<
  Profile,
  'has_active_subscription' | 'subscription_tier' | 'subscription_end_date'
>;

/** The fields a user may change on their own profile. */
export interface ProfileUpdate {
  name?: string;
  username?: string;
  bio?: string | null;
  profile_image?: string | null;
}

/**
 * Someone who signed up through the caller's invitation link (`my_invitations()`): their public
 * face, when they joined, and their role when it is affiliate or merchant (null otherwise).
 */
export interface Invitee {
  id: string;
  username: string | null;
  name: string;
  role: 'affiliate' | 'merchant' | null;
  /** When they signed up (ISO timestamp). */
  joined_at: string;
  /** Whether /@{username} shows their published link page. */
  has_page: boolean;
}

/** The caller's invitees, newest first (at most 200), and how many there are in all. */
export interface MyInvitations {
  invitees: Invitee[];
  total: number;
}

const SUBSCRIPTION_COLUMNS = 'has_active_subscription, subscription_tier, subscription_end_date';

export function createProfilesModule({ supabase, sleep, logger }: ModuleContext) {
  return {
    /**
     * Spec §7: selects every profile field by id, up to 3 attempts with 1 s, 2 s and 3 s of
     * back-off after the failed attempts. `PGRST116` (no row) means "no profile": `null`, no retry.
     * After the last failed attempt the last error is thrown as an `ApiError`.
     */
    async fetchProfile(id: string): Promise<Profile | null> {
      const profileId = uuid('id', id);
      let lastError: ApiError | undefined;
      for (let attempt = 1; attempt <= PROFILE_FETCH_ATTEMPTS; attempt++) {
        try {
          return await run(
            supabase.from('profiles').select('*').eq('id', profileId).single().retry(false),
          );
        } catch (error) {
          const apiError = error as ApiError;
          if (apiError.upstreamCode === NO_ROWS_CODE) return null;
          lastError = apiError;
          logger.warn(
            `Profile fetch attempt ${attempt} of ${PROFILE_FETCH_ATTEMPTS} failed`,
            apiError,
          );
          await sleep(PROFILE_FETCH_BACKOFF_MS * attempt);
        }
      }
      throw lastError as ApiError;
    },

    /** Spec §7: the subscription fields by id; `null` when there is no profile. */
    async fetchSubscription(id: string): Promise<SubscriptionState | null> {
      const profileId = uuid('id', id);
      try {
        return await run(
          supabase.from('profiles').select(SUBSCRIPTION_COLUMNS).eq('id', profileId).single(),
        );
      } catch (error) {
        if ((error as ApiError).upstreamCode === NO_ROWS_CODE) return null;
        throw error;
      }
    },

    /** Spec §7: how many admins there are besides `id` (reveals only the count). */
    async countAdminsExcluding(id: string): Promise<number> {
      const excluded = uuid('id', id);
      const count = await run(supabase.rpc('count_admins_excluding', { excluded_id: excluded }));
      return Number(count ?? 0);
    },

    /**
     * Updates the caller's own name, username, bio or picture. Returns the updated profile. A
     * reserved username (`isReservedUsername` of `@verdant/validation`) is refused before any
     * request: "That username is reserved. Choose another." (`validation_failed`, field
     * `profile.username`).
     */
    async update(id: string, changes: ProfileUpdate): Promise<Profile> {
      const profileId = uuid('id', id);
      const values = await patch<Required<ProfileUpdate>>('profile', changes, {
        name: (field, v) => text(field, v, { max: 200 }),
        username: (field, v) => newUsername(field, v),
        bio: (field, v) => optionalText(field, v, { max: 1000 }),
        profile_image: (field, v) => optionalUrl(field, v, true),
      });
      return run(supabase.from('profiles').update(values).eq('id', profileId).select('*').single());
    },

    /**
     * The creators who signed up through the signed-in user's invitation link
     * (`/signup/affiliate?ref={username}`), newest first: at most 200 of them, with the count of
     * all. No email or private field of theirs. Signed out, the database refuses (`forbidden`).
     */
    async myInvitations(): Promise<MyInvitations> {
      const rows = (await run(supabase.rpc('my_invitations'))) ?? [];
      return {
        invitees: rows.map((row) => ({
          id: row.id,
          username: row.username ?? null,
          name: row.name,
          role: row.role === 'affiliate' || row.role === 'merchant' ? row.role : null,
          joined_at: row.joined_at,
          has_page: row.has_page === true,
        })),
        total: rows.length === 0 ? 0 : Number(rows[0]!.total),
      };
    },

    /**
     * Finishes the signed-in user's onboarding (merchants need company details with a website and
     * a sustainability claim first). Returns the updated profile.
     */
    async completeOnboarding(): Promise<Profile> {
      return run(supabase.rpc('complete_onboarding').single());
    },

    /**
     * Changes a user's role through the database function that enforces spec §5; its messages
     * ('Only administrators can grant admin privileges', …) arrive unchanged in `ApiError.message`.
     */
    async changeRole(targetId: string, newRole: Role): Promise<void> {
      const target = uuid('targetId', targetId);
      if (!(ROLES as readonly string[]).includes(newRole)) {
        throw new ApiError('validation_failed', 'Invalid role specified', {
          details: { field: 'newRole', reason: 'Invalid role specified' },
        });
      }
      await runVoid(supabase.rpc('change_user_role', { target_id: target, new_role: newRole }));
    },
  };
}

export type ProfilesModule = ReturnType<typeof createProfilesModule>;

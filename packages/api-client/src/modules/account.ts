import { checkImageBytes } from '../image-bytes.ts';
import { validateEmail, validatePassword } from '@verdant/validation';
import type { ModuleContext } from '../context.ts';
import { ApiError, toApiError } from '../errors.ts';
import { run } from '../request.ts';
import { invalid, url, username as usernameRule, uuid } from '../validate.ts';

/** Image types the avatars bucket accepts, with the file suffix each is stored under. */
export const AVATAR_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type AvatarType = keyof typeof AVATAR_TYPES;
/** The avatars bucket's size limit (2 MiB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** What anyone may see of another user (spec: name, username, avatar and bio only). */
export interface PublicProfile {
  id: string;
  name: string | null;
  username: string | null;
  profile_image: string | null;
  bio: string | null;
}

async function authCall<T extends { error: unknown }>(call: Promise<T>): Promise<T> {
  let result: T;
  try {
    result = await call;
  } catch (error) {
    throw await toApiError(error);
  }
  if (result.error) throw await toApiError(result.error);
  return result;
}

/** Account self-service: password recovery and change, avatar upload, other users' public profiles. */
export function createAccountModule({ supabase, authSettings }: ModuleContext) {
  return {
    /**
     * Mails a password-recovery link (the local stack puts it in its outbox). `redirectTo` is the
     * page the link returns to, with the recovered session in the URL.
     */
    async requestPasswordReset(email: string, redirectTo: string): Promise<void> {
      const check = validateEmail(email);
      if (!check.valid) invalid('email', check.error ?? 'is not a valid email address');
      const target = url('redirectTo', redirectTo);
      await authCall(supabase.auth.resetPasswordForEmail(email.trim(), { redirectTo: target }));
    },

    /** Sets a new password for the signed-in user (spec §5 rules checked first). */
    async updatePassword(password: string): Promise<void> {
      const check = validatePassword(password);
      if (!check.valid) {
        throw new ApiError('validation_failed', check.errors.join(' '), {
          details: { field: 'password', reason: check.errors.join(' ') },
        });
      }
      await authCall(supabase.auth.updateUser({ password }));
    },

    /**
     * Uploads a profile picture into the caller's own folder of the public avatars bucket and
     * returns its public URL (store it with `profiles.update(id, { profile_image })`).
     */
    async uploadAvatar(userId: string, file: Blob): Promise<string> {
      const owner = uuid('userId', userId);
      const type = file.type as AvatarType;
      const suffix = AVATAR_TYPES[type];
      if (!suffix) invalid('file', 'must be a PNG, JPEG, WebP or GIF image');
      if (file.size === 0) invalid('file', 'is empty');
      if (file.size > AVATAR_MAX_BYTES) invalid('file', 'must be at most 2 MB');
      await checkImageBytes('file', file, type);
      const path = `${owner}/avatar-${Date.now().toString(36)}.${suffix}`;
      const { error } = await supabase.storage
        .from('avatars')
        .upload(path, file, { contentType: type, upsert: false, cacheControl: '3600' });
      if (error) throw await toApiError(error);
      return supabase.storage.from('avatars').getPublicUrl(path).data.publicUrl;
    },

    /**
     * The sign-in methods besides email and password that this site offers (`github`, `google`,
     * …), as the auth server's settings list them: what a user may link to their account.
     */
    async linkableProviders(): Promise<string[]> {
      const { external } = await authSettings();
      return Object.entries(external)
        .filter(([provider, enabled]) => enabled && provider !== 'email' && provider !== 'phone')
        .map(([provider]) => provider)
        .sort();
    },

    /** Another user's public fields by username; `null` when nobody has that username. */
    async publicProfile(name: string): Promise<PublicProfile | null> {
      const handle = usernameRule('username', name);
      const rows = (await run(
        supabase
          .from('public_profiles')
          .select('id, name, username, profile_image, bio')
          .eq('username', handle)
          .limit(1),
      )) as PublicProfile[] | null;
      return rows?.[0] ?? null;
    },
  };
}

export type AccountModule = ReturnType<typeof createAccountModule>;

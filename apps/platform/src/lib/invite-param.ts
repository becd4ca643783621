import { invitedByUsername } from '@verdant/auth';
import { useSearchParams } from 'react-router';
import { useHydrated } from './hydrated.ts';

/** The query parameter of an invitation link: `/signup/affiliate?ref={username}`. */
export const INVITE_PARAM = 'ref';

/** The sign-up page of an affiliate's personal invitation link (a path; add the origin to share). */
export function invitationPath(username: string | null | undefined): string {
  const ref = invitedByUsername(username);
  return ref ? `/signup/affiliate?${INVITE_PARAM}=${encodeURIComponent(ref)}` : '/signup/affiliate';
}

/**
 * The inviter's username from `?ref=` (lower case), or null when there is none or it is not a
 * well-formed username: a bad one is ignored, never an error. Read once the app has taken a
 * prerendered page over, as `useNextPath` does (the build renders these pages without a query).
 */
export function useInviteRef(): string | null {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  return hydrated ? (invitedByUsername(params.get(INVITE_PARAM)) ?? null) : null;
}

/** `path` (which may carry a query already) with the invitation's `ref` on, when there is one. */
export function withInviteRef(path: string, ref: string | null): string {
  if (!ref) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${INVITE_PARAM}=${encodeURIComponent(ref)}`;
}

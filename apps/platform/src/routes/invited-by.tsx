import { Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { loadApi } from '../lib/backend.ts';

/** The query key of a user's public profile by username (as `account.publicProfile` reads it). */
export const publicProfileQueryKey = (username: string) =>
  ['profiles', 'public', username] as const;

/**
 * "Invited by @{username}" on the sign-up pages of an invitation link, once the public profile
 * read has found that username. An unknown username, or a failed read, shows nothing: the
 * invitation is a courtesy, never in the way of signing up.
 */
export function InvitedBy({ username }: { username: string }) {
  const inviter = useQuery({
    queryKey: publicProfileQueryKey(username),
    queryFn: async () => (await loadApi()).account.publicProfile(username),
    retry: false,
  });
  const handle = inviter.data?.username;
  if (!handle) return null;
  return (
    <Text as="p" size="2" weight="medium">
      {`Invited by @${handle}`}
    </Text>
  );
}

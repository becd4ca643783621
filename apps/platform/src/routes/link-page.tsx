import { Flex } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { PublicLinkPageView } from '@verdant/api-client';
import { ErrorCard, Spinner } from '@verdant/ui';
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { loadApi } from '../lib/backend.ts';
import { errorMessage, isMissingPage } from '../lib/error-message.ts';
import { linkPageQueryKey, sentPageMissing, sentPageQuery } from '../lib/page-view.ts';
import { NotFound } from './not-found-lazy.ts';
import { LinkPageView } from './link-page-blocks.tsx';

function PublicLinkPage({ username }: { username: string }) {
  const view = useQuery({
    // Under the name as the address has it: the server draws the page with its data under that
    // key (the address as requested, whatever its case), so the browser takes the HTML over as is.
    queryKey: linkPageQueryKey(username),
    // Usernames are lower case: /@Jordan-Rivers is Jordan's page, not an unknown one.
    queryFn: async () => (await loadApi()).linkPages.getPublicPage(username.toLowerCase()),
    ...sentPageQuery<PublicLinkPageView>(`/@${username}`),
  });
  if (view.isPending)
    return (
      <Flex justify="center" py="9">
        <Spinner label="Loading the page" />
      </Flex>
    );
  if (view.isError) {
    if (isMissingPage(view.error)) return <NotFound />;
    return <ErrorCard message={errorMessage(view.error)} onRetry={() => void view.refetch()} />;
  }
  const { page, items, profile } = view.data;
  // The owner's handle as it really is, not as the address was typed.
  const handle = profile.username ?? username.toLowerCase();
  return (
    <Flex direction="column" py="5">
      <title>{`${page.title} (@${handle}) — Verdant`}</title>
      <LinkPageView
        title={page.title}
        ownerName={profile.name}
        username={handle}
        bio={page.bio}
        avatarUrl={page.avatar_url ?? profile.profile_image ?? null}
        theme={page.theme}
        items={items}
      />
    </Flex>
  );
}

/**
 * /@{username}: the public link-in-bio page. The router cannot match "@" as a prefix of a
 * segment, so this route takes any one-segment path and shows the not-found page for the rest.
 */
export function Component() {
  const { handle = '' } = useParams();
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  // Usernames are lower case, and the page has one address: /@Jordan-Rivers becomes
  // /@jordan-rivers in place (no extra history entry), so what is shared or bookmarked is the
  // canonical one. The page is drawn meanwhile, as the server sent it.
  const canonical = handle.toLowerCase();
  useEffect(() => {
    if (canonical !== handle && canonical.startsWith('@'))
      void navigate(`/${canonical}${search}${hash}`, { replace: true });
  }, [canonical, handle, search, hash, navigate]);
  // An unknown username: the server already said so (404) with the page's HTML.
  if (!handle.startsWith('@') || handle.length < 2 || sentPageMissing(`/${handle}`))
    return <NotFound />;
  return <PublicLinkPage key={handle} username={handle.slice(1)} />;
}

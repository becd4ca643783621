import { Flex } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { PublicLinkPageView } from '@verdant/api-client';
import { ErrorCard, Spinner } from '@verdant/ui';
import { useParams } from 'react-router';
import { loadApi } from '../lib/backend.ts';
import { errorMessage, isMissingPage } from '../lib/error-message.ts';
import { linkPageQueryKey, sentPageMissing, sentPageQuery } from '../lib/page-view.ts';
import { NotFound } from './not-found-lazy.ts';
import { LinkPageView } from './link-page-blocks.tsx';

function PublicLinkPage({ username }: { username: string }) {
  const view = useQuery({
    queryKey: linkPageQueryKey(username),
    queryFn: async () => (await loadApi()).linkPages.getPublicPage(username),
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
  return (
    <Flex direction="column" py="5">
      <title>{`${page.title} (@${username}) — Verdant`}</title>
      <LinkPageView
        title={page.title}
        ownerName={profile.name}
        username={username}
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
  // An unknown username: the server already said so (404) with the page's HTML.
  if (!handle.startsWith('@') || handle.length < 2 || sentPageMissing(`/${handle}`))
    return <NotFound />;
  return <PublicLinkPage key={handle} username={handle.slice(1)} />;
}

import { Flex } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@verdant/api-client';
import { ErrorCard, Spinner } from '@verdant/ui';
import { useParams } from 'react-router';
import { loadApi } from '../lib/backend.ts';
import { LinkPageView } from './link-page-blocks.tsx';
import { Component as NotFound } from './not-found.tsx';
import { errorMessage } from './vendor-format.ts';

const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.code === 'not_found' || error.code === 'validation_failed');

function PublicLinkPage({ username }: { username: string }) {
  const page = useQuery({
    queryKey: ['link-pages', 'public', username],
    queryFn: async () => (await loadApi()).linkPages.getByUsername(username),
  });
  const items = useQuery({
    queryKey: ['link-pages', 'public', username, 'items'],
    queryFn: async () => (await loadApi()).linkPages.listPublicItems(username),
  });
  // Asked beside the page rather than after it (one round trip less); it only fills in the avatar
  // when the page has none of its own.
  const profile = useQuery({
    queryKey: ['profiles', 'public', username],
    queryFn: async () => (await loadApi()).account.publicProfile(username),
  });
  if (page.isPending || (page.isSuccess && items.isPending))
    return (
      <Flex justify="center" py="9">
        <Spinner label="Loading the page" />
      </Flex>
    );
  if (page.isError) {
    if (isMissing(page.error)) return <NotFound />;
    return <ErrorCard message={errorMessage(page.error)} onRetry={() => void page.refetch()} />;
  }
  if (items.isError)
    return <ErrorCard message={errorMessage(items.error)} onRetry={() => void items.refetch()} />;
  const data = page.data;
  return (
    <Flex direction="column" py="5">
      <title>{`${data.title} (@${username}) — Verdant`}</title>
      <LinkPageView
        title={data.title}
        username={username}
        bio={data.bio}
        avatarUrl={data.avatar_url ?? profile.data?.profile_image ?? null}
        theme={data.theme}
        items={items.data ?? []}
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
  if (!handle.startsWith('@') || handle.length < 2) return <NotFound />;
  return <PublicLinkPage key={handle} username={handle.slice(1)} />;
}

import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { Invitee, MyInvitations } from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import {
  Badge,
  Button,
  Card,
  CopyButton,
  DataTable,
  EmptyState,
  ErrorCard,
  Field,
  PageHeader,
  Skeleton,
  TextInput,
  type DataTableColumn,
} from '@verdant/ui';
import { useId } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { invitationPath } from '../lib/invite-param.ts';
import { errorMessage, formatCount, formatDate } from './vendor-format.ts';

const REASONS = [
  {
    title: 'Evidence first',
    text: 'Every merchant’s claims are reviewed before they can run a program, so your audience gets what you promise.',
  },
  {
    title: 'Every click counted fairly',
    text: 'One counted click per visitor and hour, bots excluded, and the sale credited to the last click within the cookie window.',
  },
  {
    title: 'Open money',
    text: 'Each sale’s split between merchant, creator, platform and payment fee is stored and published.',
  },
] as const;

/** The invitees' query key: the sign-ups through the caller's invitation link. */
const INVITATIONS_KEY = ['profiles', 'invitations', 'mine'] as const;

/** Rows per page of the invitees' table. */
const TABLE_PAGE_SIZE = 10;

const ROLE_LABEL = { affiliate: 'Creator', merchant: 'Merchant' } as const;

const INVITEE_COLUMNS: DataTableColumn<Invitee>[] = [
  {
    id: 'name',
    header: 'Name',
    rowHeader: true,
    wrap: true,
    cell: (r) => (
      <Flex direction="column">
        <Text weight="medium">{r.name}</Text>
        {r.username ? (
          <Text size="1" color="gray">
            {r.has_page ? <Link to={`/@${r.username}`}>@{r.username}</Link> : `@${r.username}`}
          </Text>
        ) : null}
      </Flex>
    ),
    sortValue: (r) => r.name.toLowerCase(),
  },
  {
    id: 'role',
    header: 'Joined as',
    cell: (r) =>
      r.role ? (
        <Badge tone={r.role === 'affiliate' ? 'brand' : 'info'}>{ROLE_LABEL[r.role]}</Badge>
      ) : (
        <Badge tone="neutral">Member</Badge>
      ),
  },
  {
    id: 'joined',
    header: 'Joined',
    cell: (r) => formatDate(r.joined_at),
    sortValue: (r) => r.joined_at,
  },
];

/** "Creators who joined through you": the sign-ups through the caller's invitation link. */
function Invitees() {
  const invitations = useQuery<MyInvitations>({
    queryKey: INVITATIONS_KEY,
    queryFn: () => api.profiles.myInvitations(),
    // Who joined may have changed since the last visit: asked again on every visit.
    staleTime: 0,
  });
  const total = invitations.data?.total;
  const headingId = useId();
  return (
    <Card size="lg" asChild>
      <section aria-labelledby={headingId}>
        <Flex direction="column" gap="3">
          <Flex align="center" gap="2" wrap="wrap">
            <Heading as="h2" size="4" id={headingId}>
              Creators who joined through you
            </Heading>
            {total ? (
              <Badge tone="brand">
                {total === 1 ? '1 creator' : `${formatCount(total)} creators`}
              </Badge>
            ) : null}
          </Flex>
          {invitations.isError ? (
            <ErrorCard
              align="start"
              title="Could not load who joined through you"
              message={errorMessage(invitations.error)}
              onRetry={() => void invitations.refetch()}
            />
          ) : invitations.data?.total === 0 ? (
            // Nothing to sort or page through yet: no empty table, only what will come.
            <EmptyState
              size="1"
              bordered
              headingLevel={3}
              title="Nobody has joined through your link yet"
              description="When someone signs up with your personal invitation link, they show up here with the date they joined."
            />
          ) : (
            <>
              <DataTable<Invitee>
                caption="Creators who joined through you"
                columns={INVITEE_COLUMNS}
                rows={invitations.data?.invitees ?? []}
                getRowId={(r) => r.id}
                loading={invitations.isPending}
                loadingRows={3}
                pageSize={TABLE_PAGE_SIZE}
              />
              {invitations.data && invitations.data.total > invitations.data.invitees.length ? (
                <Text as="p" size="1" color="gray">
                  {`The newest ${formatCount(invitations.data.invitees.length)} of ${formatCount(invitations.data.total)} are listed.`}
                </Text>
              ) : null}
            </>
          )}
        </Flex>
      </section>
    </Card>
  );
}

/** "Your invitation": the personal link (`?ref={username}`) and a message to send with it. */
function Invitation() {
  const { user } = useAuth();
  // The profile under the key the profile page reads it by, so either page fills the other's cache.
  const profile = useQuery({
    queryKey: ['profile', user?.id],
    queryFn: () => api.profiles.fetchProfile(user!.id),
    enabled: Boolean(user),
  });
  const username = profile.data?.username ?? null;
  const link = `${window.location.origin}${invitationPath(username)}`;
  const message = `I earn with sustainable brands on Verdant: tracked links, a link-in-bio page and storefronts, with reviewed claims. Join here: ${link}`;
  return (
    <Card size="lg">
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4">
          Your invitation
        </Heading>
        {profile.isPending ? (
          <Flex direction="column" gap="2">
            <Skeleton height="20px" width="60%" />
            <Skeleton height="36px" />
            <Skeleton height="20px" />
          </Flex>
        ) : (
          <>
            {username ? (
              <Text as="p" size="2" color="gray">
                Your personal link counts who signs up through it: they are listed under “Creators
                who joined through you” below.
              </Text>
            ) : (
              <Text as="p" size="2">
                {profile.isError
                  ? 'Your username could not be loaded, so this is the plain sign-up link for now. '
                  : 'Your personal link needs a username. Until you have one, share the plain sign-up link: sign-ups through it are not counted for you. '}
                <Link to="/profile">Set your username on your profile</Link>
              </Text>
            )}
            <Field label={username ? 'Your personal invitation link' : 'Sign-up link'}>
              <TextInput readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
            </Field>
            <Text as="p" size="2">
              {message}
            </Text>
            <Box>
              <Flex gap="3" wrap="wrap">
                <CopyButton value={message} label="Copy message" />
                <CopyButton value={link} label="Copy sign-up link" />
              </Flex>
            </Box>
          </>
        )}
      </Flex>
    </Card>
  );
}

/** /recruit: invite other creators to Verdant, and see who joined through the invitation. */
export function Component() {
  return (
    <Flex direction="column" gap="6" py="5">
      <title>Invite creators — Verdant</title>
      <PageHeader
        title="Invite creators"
        description="Know someone who recommends products their audience can trust? Send them to Verdant."
      />
      <Grid columns={{ initial: '1', md: '3' }} gap="4">
        {REASONS.map((r) => (
          <Card key={r.title} size="lg" variant="brand">
            <Heading as="h2" size="4" mb="2">
              {r.title}
            </Heading>
            <Text as="p" size="2" color="gray">
              {r.text}
            </Text>
          </Card>
        ))}
      </Grid>
      <Invitation />
      <Invitees />
      <Card size="lg">
        <Flex direction="column" gap="3" align="start">
          <Heading as="h2" size="4">
            Hand them a one-sheet
          </Heading>
          <Text as="p" size="2" color="gray">
            One printable page on how Verdant works for creators: commissions, cookie windows,
            holding periods, live programs and a QR code to sign up.
          </Text>
          {/* Pages of the one-sheets app on the same site: full page loads. */}
          <Flex gap="3" wrap="wrap">
            <Button asChild variant="secondary">
              <a href="/affiliate-one-sheet">Open the affiliate one-sheet</a>
            </Button>
            <Button asChild variant="outline">
              <a href="/one-sheet/pdf/affiliate-one-sheet.pdf" download>
                Download it as PDF
              </a>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}

import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { Storefront } from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import { Button, Card, CopyButton, PageHeader } from '@verdant/ui';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';

const DISCLOSURES = [
  {
    where: 'Short posts and videos',
    text: 'Ad · I earn a commission if you buy through my link.',
  },
  {
    where: 'Link-in-bio pages and storefronts',
    text: 'Some links on this page are affiliate links: I earn a commission on purchases, at no extra cost to you.',
  },
  {
    where: 'Reviews and articles',
    // A template states only what is true of every article: whether the creator was paid, or
    // got the product free, is for them to add.
    text: 'Disclosure: this article contains affiliate links. If you buy through them, I earn a commission from the merchant, at no extra cost to you.',
  },
] as const;

interface Resource {
  title: string;
  text: string;
  to: string;
  action: string;
}

/**
 * The tracked-link card as the affiliate's links stand: their first link, another one, or (while
 * the count loads, or when it cannot be read) a link in words that fit either.
 */
function linksResource(count: number | undefined): Resource {
  const how =
    'Join a program, pick a product and share the /go link. Clicks are counted once per visitor and hour; bots are not counted.';
  const base = { to: '/affiliate-links', action: 'Go to links' };
  if (count === undefined) return { ...base, title: 'Create a tracked link', text: how };
  if (count === 0) return { ...base, title: 'Create your first tracked link', text: how };
  return {
    ...base,
    title: 'Create another tracked link',
    text: `You have ${count === 1 ? 'one tracked link' : `${count.toLocaleString()} tracked links`}. ${how}`,
  };
}

/**
 * The link-in-bio card at the affiliate's own address, /@{username}; in general words while the
 * profile loads or when it cannot be read.
 */
function linkPageResource(username: string | null | undefined): Resource {
  const where = username ? `/@${username}` : 'your own /@ address';
  return {
    title: 'Build your link-in-bio page',
    text: `One page at ${where} with your links in the order you choose and the theme you like.`,
    to: '/my-links',
    action: 'Edit my page',
  };
}

/** "a, b and c". */
const inWords = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The storefront card at the affiliate's own addresses (/s/{slug}, a draft said to be one), or
 * the address a first storefront gets; in general words while the list loads or cannot be read.
 */
function storefrontResource(storefronts: readonly Storefront[] | undefined): Resource {
  const base = { to: '/storefronts/manage', action: 'Manage storefronts' };
  const what = 'Collect products you trust with their verified claims';
  if (storefronts === undefined)
    return { ...base, title: 'Curate a storefront', text: `${what} at /s/ and a name you choose.` };
  if (storefronts.length === 0)
    return {
      ...base,
      title: 'Curate your first storefront',
      text: `${what} at /s/ and a name you choose.`,
    };
  const addresses = storefronts.map((s) => `/s/${s.slug}${s.is_published ? '' : ' (a draft)'}`);
  return {
    ...base,
    title: storefronts.length === 1 ? 'Curate your storefront' : 'Curate your storefronts',
    text: `${what}. ${storefronts.length === 1 ? 'Yours is at' : 'Yours are at'} ${inWords(addresses)}.`,
  };
}

const RESOURCES: readonly Resource[] = [
  {
    title: 'Learn the claims',
    text: 'Understand what “carbon neutral”, “recycled” or “B Corp” really mean before you recommend a product.',
    to: '/education',
    action: 'Open courses',
  },
];

/** /affiliate-hub: resources, creatives and disclosure guidance for affiliates. */
export function Component() {
  // Only the count: one row at most comes back.
  const links = useQuery({
    queryKey: ['links', 'mine', 'count'],
    queryFn: async () => (await api.links.listMine({ pageSize: 1 })).total,
  });
  // The profile under the key the profile page reads it by, so either page fills the other's cache.
  const { user } = useAuth();
  const profile = useQuery({
    queryKey: ['profile', user?.id],
    queryFn: () => api.profiles.fetchProfile(user!.id),
    enabled: Boolean(user),
  });
  const storefronts = useQuery({
    queryKey: ['storefronts', 'mine'],
    queryFn: () => api.storefronts.listMine(),
  });
  const resources = [
    linksResource(links.data),
    linkPageResource(profile.data?.username),
    storefrontResource(storefronts.data),
    ...RESOURCES,
  ];
  return (
    <Flex direction="column" gap="6" py="5">
      <title>Affiliate hub — Verdant</title>
      <PageHeader
        title="Affiliate hub"
        description="Everything you need to promote honestly: how-tos, creatives and the disclosure wording."
      />
      <Grid columns={{ initial: '1', md: '2' }} gap="4">
        {resources.map((r) => (
          <Card key={r.title} size="lg">
            <Flex direction="column" gap="2" height="100%">
              <Heading as="h2" size="4">
                {r.title}
              </Heading>
              <Text as="p" color="gray" size="2">
                {r.text}
              </Text>
              <Box mt="auto" pt="2">
                <Button asChild variant="secondary">
                  <Link to={r.to}>{r.action}</Link>
                </Button>
              </Box>
            </Flex>
          </Card>
        ))}
      </Grid>
      <Box>
        <Heading as="h2" size="5" mb="2">
          Creatives
        </Heading>
        <Text as="p" color="gray" size="2" mb="3">
          Product pictures in the shop are yours to use in posts about those products. Keep the
          merchant’s name and do not edit claims into the picture.
        </Text>
        <Button asChild variant="secondary">
          <Link to="/shop">Browse product pictures</Link>
        </Button>
      </Box>
      <Box>
        <Heading as="h2" size="5" mb="2">
          Disclosure
        </Heading>
        <Text as="p" color="gray" size="2" mb="3">
          Say clearly, before the link, that you earn a commission. Copy a wording that fits, and
          add what else is true: that the merchant gave you the product, or paid you to post.
        </Text>
        <Flex direction="column" gap="3">
          {DISCLOSURES.map((d) => (
            <Card key={d.where}>
              {/* Beside its text, on the right, where there is room; under it, on the left, on phones. */}
              <Flex
                direction={{ initial: 'column', sm: 'row' }}
                align={{ initial: 'start', sm: 'center' }}
                gap="3"
              >
                <Box flexGrow="1" minWidth="0">
                  <Text as="p" size="1" color="gray">
                    {d.where}
                  </Text>
                  <Text as="p" size="2">
                    {d.text}
                  </Text>
                </Box>
                <Box flexShrink="0">
                  <CopyButton
                    value={d.text}
                    label="Copy wording"
                    aria-label={`Copy wording for ${d.where}`}
                    variant="soft"
                    size="2"
                  />
                </Box>
              </Flex>
            </Card>
          ))}
        </Flex>
      </Box>
    </Flex>
  );
}

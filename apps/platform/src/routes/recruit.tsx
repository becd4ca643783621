import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Button, Card, CopyButton, PageHeader } from '@verdant/ui';

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

/** /recruit: invite other creators to Verdant. */
export function Component() {
  const signup = `${window.location.origin}/signup/affiliate`;
  const message = `I earn with sustainable brands on Verdant: tracked links, a link-in-bio page and storefronts, with reviewed claims. Join here: ${signup}`;
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
      <Card size="lg">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Your invitation
          </Heading>
          <Text as="p" size="2">
            {message}
          </Text>
          <Box>
            <Flex gap="3" wrap="wrap">
              <CopyButton value={message} label="Copy message" />
              <CopyButton value={signup} label="Copy sign-up link" />
            </Flex>
          </Box>
        </Flex>
      </Card>
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

import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { Button, Card } from '@verdant/ui';
import { Link } from 'react-router';
import { useInviteRef, withInviteRef } from '../lib/invite-param.ts';
import { useNextPath, withNext } from '../lib/next-param.ts';
import { InvitedBy } from './invited-by.tsx';

const CHOICES = [
  {
    to: '/signup/affiliate',
    title: 'I am a creator',
    text: 'Join sustainable merchants’ programs, share tracked links, a link-in-bio page and storefronts, and earn a commission on every sale you send.',
    action: 'Sign up as an affiliate',
  },
  {
    to: '/signup/vendor',
    title: 'I run a sustainable business',
    text: 'List your products with their evidence, set your commission, cookie window and holding period, and let creators bring you customers.',
    action: 'Sign up as a vendor',
  },
] as const;

/** Sign-up, step one: affiliate or vendor. */
export function Component() {
  // A visitor sent here to do something (subscribe from /pricing, say) gets there after signing up.
  const next = useNextPath();
  // An invitation link's creator (`?ref=`) goes on with either choice.
  const inviteRef = useInviteRef();
  return (
    <Flex direction="column" gap="5" py={{ initial: '4', md: '7' }} maxWidth="880px" mx="auto">
      <title>Create your account — Verdant</title>
      <Box>
        <Heading as="h1" size="7" mb="2">
          Create your Verdant account
        </Heading>
        <Text as="p" color="gray">
          Choose how you will use Verdant. You can shop without an account.
        </Text>
        {inviteRef ? (
          <Box mt="2">
            <InvitedBy username={inviteRef} />
          </Box>
        ) : null}
      </Box>
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        {CHOICES.map((choice) => (
          <Card key={choice.to} variant="brand" size="lg">
            <Flex direction="column" gap="3" height="100%">
              <Heading as="h2" size="5">
                {choice.title}
              </Heading>
              <Text as="p" color="gray">
                {choice.text}
              </Text>
              <Box mt="auto">
                <Button asChild>
                  <Link to={withInviteRef(withNext(choice.to, next), inviteRef)}>
                    {choice.action}
                  </Link>
                </Button>
              </Box>
            </Flex>
          </Card>
        ))}
      </Grid>
      <Text size="2" color="gray">
        Already have an account? <Link to={withNext('/login', next)}>Log in</Link>
      </Text>
    </Flex>
  );
}

import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { Button, Card, PageHeader } from '@verdant/ui';
import { Link, useNavigate } from 'react-router';

const POINTS = [
  'The affiliate dashboard with sample clicks, sales and earnings for 7, 30 or 90 days.',
  'Make tracked links for real products from the catalogue; they stay in this browser.',
  'Nothing you do in the demo is stored on our servers, and leaving it clears its data.',
] as const;

/** The demo entrance (/demo): start, continue or leave demo mode; no account needed. */
export function Component() {
  const { user, isDemoMode, isAuthenticated, enterDemo, exitDemo, logout } = useAuth();
  const navigate = useNavigate();
  // The shared demo account (role demo) is in the demo already, as a demo-mode visitor is.
  const demoAccount = isAuthenticated && !isDemoMode && user?.role === 'demo';
  const inDemo = isDemoMode || demoAccount;
  const signedIn = isAuthenticated && !inDemo;
  return (
    <Flex direction="column" gap="5" py="5" maxWidth="760px">
      <title>Try the Verdant demo</title>
      <PageHeader
        title="Try Verdant without an account"
        description="Explore what an affiliate sees, with sample data. The demo lasts 24 hours in this browser."
      />
      <Grid columns={{ initial: '1', sm: '3' }} gap="3">
        {POINTS.map((point) => (
          <Card key={point}>
            <Text as="p" color="gray">
              {point}
            </Text>
          </Card>
        ))}
      </Grid>
      {signedIn ? (
        <Text as="p">
          You are signed in, so the demo is not needed: your own dashboard has your real figures.
        </Text>
      ) : (
        <Flex gap="3" wrap="wrap">
          <Button
            size="lg"
            onClick={() =>
              void (inDemo ? Promise.resolve() : enterDemo()).then(() =>
                navigate('/demo-dashboard'),
              )
            }
          >
            {inDemo ? 'Continue the demo' : 'Start the demo'}
          </Button>
          {inDemo ? (
            <Button
              size="lg"
              variant="outline"
              onClick={() => {
                // The demo account leaves by signing out; a demo-mode visitor's data is cleared.
                if (demoAccount) {
                  void logout().then(() => navigate('/'));
                  return;
                }
                exitDemo();
                void navigate('/');
              }}
            >
              Leave the demo
            </Button>
          ) : null}
        </Flex>
      )}
      <Heading as="h2" size="4">
        Ready for the real thing?
      </Heading>
      <Flex gap="3" wrap="wrap">
        <Button asChild variant="secondary">
          <Link to="/signup/affiliate">Become an affiliate</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/signup/vendor">Sell with Verdant</Link>
        </Button>
      </Flex>
    </Flex>
  );
}

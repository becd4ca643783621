import { Flex } from '@radix-ui/themes';
import { Button, EmptyState } from '@verdant/ui';
import { Link, useLocation } from 'react-router';

/** Any path the app does not know. */
export function Component() {
  const { pathname } = useLocation();
  return (
    <Flex direction="column" py="9">
      <title>Page not found — Verdant</title>
      <EmptyState
        headingLevel={1}
        illustration="lost"
        title="Page not found"
        description={`There is no page at ${pathname}. It may have moved, or the address may be mistyped.`}
        action={
          <Button asChild>
            <Link to="/">Back to the home page</Link>
          </Button>
        }
      />
    </Flex>
  );
}

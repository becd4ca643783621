import { Box, Flex } from '@radix-ui/themes';
import { Button, PageHeader } from '@verdant/ui';
import { Link } from 'react-router';
/**
 * A course or module address that leads nowhere: the page says so as its heading and offers the
 * way back. Asking again would find nothing more, so there is nothing to retry.
 */
export function LearningNotFound({
  title,
  message,
  back,
}: {
  title: string;
  message: string;
  back: { to: string; label: string };
}) {
  return (
    <Flex direction="column" gap="4" py="5">
      <title>{`${title} — Verdant Education`}</title>
      <PageHeader title={title} description={message} />
      <Box>
        <Button asChild>
          <Link to={back.to}>{back.label}</Link>
        </Button>
      </Box>
    </Flex>
  );
}

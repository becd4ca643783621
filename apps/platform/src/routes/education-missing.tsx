import { Box, Flex } from '@radix-ui/themes';
import { Button, ErrorCard, PageHeader } from '@verdant/ui';
import { Link } from 'react-router';
import { errorMessage, isMissingPage } from '../lib/error-message.ts';
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

/**
 * What a course page and a module page show when their course could not be read: the course's
 * own "not found" page when there is no such course, else the error with a retry.
 */
export function CourseReadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return isMissingPage(error) ? (
    <LearningNotFound
      title="Course not found"
      message="There is no such course, or the address is mistyped."
      back={{ to: '/education', label: 'Back to courses' }}
    />
  ) : (
    <ErrorCard message={errorMessage(error)} onRetry={onRetry} />
  );
}

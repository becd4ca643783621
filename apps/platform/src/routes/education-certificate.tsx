import { Flex, Heading, Text } from '@radix-ui/themes';
import { Button, Card, ErrorCard, Skeleton } from '@verdant/ui';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api } from '../lib/api.ts';
import { errorMessage, formatDate } from './vendor-format.ts';

/** A printable certificate (/education/certificates/:code), checked through verify_certificate. */
export function Component() {
  const { code = '' } = useParams();
  const check = useQuery({
    queryKey: ['certificate', code],
    queryFn: () => api.courses.verifyCertificate(code),
    retry: false,
  });
  if (check.isPending) return <Skeleton height="360px" />;
  if (check.isError)
    return (
      <Flex py="6" justify="center">
        <ErrorCard
          title="Certificate not verified"
          message={errorMessage(check.error, 'No certificate has this code.')}
        />
      </Flex>
    );
  const c = check.data;
  return (
    <Flex direction="column" gap="4" py="6" align="center">
      <title>{`Certificate ${code} — Verdant Education`}</title>
      <Card variant="brand" style={{ maxWidth: 720, width: '100%' }}>
        <Flex direction="column" gap="4" align="center" p="5" style={{ textAlign: 'center' }}>
          <Text size="2" weight="bold" color="mint">
            Verdant Education · Sustainable Affiliate Marketing
          </Text>
          <Heading as="h1" size="7">
            Certificate of completion
          </Heading>
          <Text size="4">This certifies that</Text>
          <Text size="6" weight="bold">
            {c.holder_name}
          </Text>
          <Text size="4">completed every module of</Text>
          <Text size="5" weight="bold">
            {c.course_title}
          </Text>
          <Text color="gray">on {formatDate(c.issued_at)}</Text>
          <Text size="2" color="gray">
            Verified by Verdant · code {code.toUpperCase()}
          </Text>
        </Flex>
      </Card>
      <Button variant="secondary" onClick={() => window.print()}>
        Print or save as PDF
      </Button>
    </Flex>
  );
}

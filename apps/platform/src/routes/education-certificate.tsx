import { Flex, Heading, Text } from '@radix-ui/themes';
import { Button, Card, EmptyState, Skeleton } from '@verdant/ui';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../lib/api.ts';
import { errorCode } from '../lib/error-message.ts';
import { errorMessage, formatDate } from './vendor-format.ts';

/**
 * The page has no app chrome (it is printed), so it brings its own side padding for narrow screens
 * and its own way back; on paper only the certificate itself is printed, in dark ink on the white
 * page (browsers leave out backgrounds when printing, so the dark theme's light text would come
 * out pale grey), framed by a border in the brand's green.
 */
const PRINT_STYLE = `
@media print {
  .vd-certificate-page { padding-left: 0 !important; padding-right: 0 !important; }
  .vd-certificate-screen-only { display: none !important; }
  html, body, .radix-themes, .vd-certificate-page { background: #fff !important; }
  .vd-certificate, .vd-certificate::before { background: #fff !important; box-shadow: none !important; }
  .vd-certificate { border: 2px solid #1d6b55 !important; color: #111 !important; }
  .vd-certificate * { color: #111 !important; }
  .vd-certificate .vd-certificate-brand { color: #1d6b55 !important; }
  .vd-certificate .vd-certificate-muted { color: #444 !important; }
}
`;

/** Back to the courses (and to the certificate's course once it is checked); hidden on paper. */
function CertificateNav({ course }: { course?: { slug: string; title: string } }) {
  return (
    <Flex
      asChild
      gap="4"
      justify="between"
      wrap="wrap"
      width="100%"
      maxWidth="720px"
      className="vd-certificate-screen-only"
    >
      <nav aria-label="Verdant Education">
        <Link to="/education">
          <span aria-hidden>← </span>Back to courses
        </Link>
        {course ? (
          <Link to={`/education/courses/${course.slug}`}>Open the course “{course.title}”</Link>
        ) : null}
      </nav>
    </Flex>
  );
}

function Page({ children }: { children: ReactNode }) {
  return (
    <Flex
      direction="column"
      gap="4"
      py="6"
      px={{ initial: '4', sm: '6' }}
      align="center"
      className="vd-certificate-page"
    >
      <style href="verdant-certificate-print" precedence="default">
        {PRINT_STYLE}
      </style>
      {children}
    </Flex>
  );
}

/** A printable certificate (/education/certificates/:code), checked through verify_certificate. */
export function Component() {
  const { code: address = '' } = useParams();
  // Codes are upper-case (the check reads them so): the page names one so whatever the address.
  const code = address.trim().toUpperCase();
  const headingId = useId();
  const check = useQuery({
    queryKey: ['certificate', code],
    queryFn: () => api.courses.verifyCertificate(code),
    retry: false,
  });
  if (check.isPending)
    return (
      <Page>
        <Skeleton height="360px" style={{ maxWidth: 720, width: '100%' }} />
      </Page>
    );
  if (check.isError) {
    // The outcome is the page: its h1, with why below (an unknown code, a code of the wrong form,
    // or a check that did not get through, which may be tried again).
    const failure = errorCode(check.error);
    const reason =
      failure === 'not_found'
        ? `No certificate has the code ${code}. Check the code as the certificate prints it.`
        : failure === 'validation_failed'
          ? `${errorMessage(check.error)}.`
          : `The certificate could not be checked. ${errorMessage(check.error)}`;
    return (
      <Page>
        <title>{`Certificate not verified — Verdant Education`}</title>
        <CertificateNav />
        <EmptyState
          headingLevel={1}
          bordered
          title="Certificate not verified"
          description={reason}
          style={{ maxWidth: 720, width: '100%', overflowWrap: 'anywhere' }}
          action={
            failure === 'not_found' || failure === 'validation_failed' ? undefined : (
              <Button variant="secondary" onClick={() => void check.refetch()}>
                Try again
              </Button>
            )
          }
        />
      </Page>
    );
  }
  const c = check.data;
  return (
    <Page>
      <title>{`Certificate ${code} — Verdant Education`}</title>
      <CertificateNav course={{ slug: c.course_slug, title: c.course_title }} />
      <Card
        asChild
        variant="brand"
        className="vd-certificate"
        style={{ maxWidth: 720, width: '100%' }}
      >
        <article aria-labelledby={headingId}>
          <Flex direction="column" gap="4" align="center" p="5" style={{ textAlign: 'center' }}>
            <Text size="2" weight="bold" color="mint" className="vd-certificate-brand">
              Verdant Education · Sustainable Affiliate Marketing
            </Text>
            <Heading as="h1" size="7" id={headingId}>
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
            <Text color="gray" className="vd-certificate-muted">
              on {formatDate(c.issued_at)}
            </Text>
            <Text size="2" color="gray" className="vd-certificate-muted">
              {/* The code stays on one line: split at a hyphen it reads as two codes. */}
              Verified by Verdant · code <span style={{ whiteSpace: 'nowrap' }}>{code}</span>
            </Text>
          </Flex>
        </article>
      </Card>
      <Button
        variant="secondary"
        className="vd-certificate-screen-only"
        onClick={() => window.print()}
      >
        Print or save as PDF
      </Button>
    </Page>
  );
}

import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorCard,
  PageHeader,
  ProgressBar,
  Skeleton,
} from '@verdant/ui';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { valueLabel } from '../lib/labels.ts';
import { errorMessage } from './vendor-format.ts';

const AUDIENCE = {
  affiliate: 'For affiliates',
  merchant: 'For merchants',
  everyone: 'For everyone',
} as const;

/** The courses overview (/education), with the signed-in learner's progress. */
export function Component() {
  const { isAuthenticated, isDemoMode } = useAuth();
  const courses = useQuery({ queryKey: ['courses'], queryFn: () => api.courses.list() });
  const signedIn = isAuthenticated && !isDemoMode;
  const progress = useQueries({
    queries: (courses.data ?? []).map((course) => ({
      queryKey: ['courses', 'progress', course.id],
      queryFn: () => api.courses.progress(course.id),
      enabled: signedIn,
    })),
  });
  // The learner's certificates, one per finished course that has one (a read: nothing is issued).
  const certificates = useQuery({
    queryKey: ['courses', 'certificates', 'mine'],
    queryFn: () => api.courses.listMyCertificates(),
    enabled: signedIn,
  });

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Verdant Education — courses</title>
      <PageHeader
        title="Verdant Education"
        description="Short courses on honest sustainability marketing, attribution and running an affiliate program. Complete one to earn a certificate anyone can verify."
        actions={
          <Button asChild variant="ghost">
            <Link to="/course-splash">Why take a course?</Link>
          </Button>
        }
      />
      {courses.isError ? (
        <ErrorCard message={errorMessage(courses.error)} onRetry={() => void courses.refetch()} />
      ) : courses.isPending ? (
        <Skeleton height="240px" />
      ) : courses.data.length === 0 ? (
        <EmptyState title="No courses published yet" />
      ) : (
        <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="4">
          {courses.data.map((course, index) => {
            const p = progress[index]?.data;
            const done = p?.completedModuleIds.length ?? 0;
            // Every module done: the course shows its state, not a "Continue".
            const finished = p?.enrollment != null && p.totalModules > 0 && done >= p.totalModules;
            const certificate = finished
              ? certificates.data?.find((held) => held.course_id === course.id)
              : undefined;
            const courseLink = `/education/courses/${course.slug}`;
            return (
              <Card key={course.id}>
                <Flex direction="column" gap="3" height="100%">
                  <Flex gap="2" wrap="wrap">
                    {finished ? <Badge tone="success">Completed</Badge> : null}
                    <Badge tone="brand">
                      {AUDIENCE[course.audience as keyof typeof AUDIENCE] ?? course.audience}
                    </Badge>
                    <Badge>{valueLabel(course.level)}</Badge>
                    {course.estimated_minutes ? (
                      <Badge tone="info">{course.estimated_minutes} min</Badge>
                    ) : null}
                  </Flex>
                  <Heading as="h2" size="4">
                    {course.title}
                  </Heading>
                  {course.summary ? (
                    <Text as="p" color="gray">
                      {course.summary}
                    </Text>
                  ) : null}
                  {signedIn && p ? (
                    <ProgressBar
                      label={p.enrollment ? 'Your progress' : 'Not started'}
                      value={done}
                      max={Math.max(p.totalModules, 1)}
                      showValue
                      formatValue={(v, max) => `${v} of ${max} modules`}
                    />
                  ) : null}
                  {finished ? (
                    <Flex mt="auto" gap="2" align="center" wrap="wrap">
                      {certificate ? (
                        <Button asChild variant="secondary" size="sm">
                          <Link
                            to={`/education/certificates/${certificate.code}`}
                            aria-label={`View certificate: ${course.title}`}
                          >
                            View certificate
                          </Link>
                        </Button>
                      ) : certificates.isLoading ? null : (
                        <Button asChild variant="secondary" size="sm">
                          <Link
                            to={courseLink}
                            aria-label={`Get your certificate: ${course.title}`}
                          >
                            Get your certificate
                          </Link>
                        </Button>
                      )}
                      <Button asChild variant="ghost" size="sm">
                        <Link to={courseLink} aria-label={`Review course: ${course.title}`}>
                          Review course
                        </Link>
                      </Button>
                    </Flex>
                  ) : (
                    <Flex mt="auto">
                      <Button asChild variant="secondary" size="sm">
                        <Link
                          to={courseLink}
                          aria-label={`${p?.enrollment ? 'Continue' : 'Open course'}: ${course.title}`}
                        >
                          {p?.enrollment ? 'Continue' : 'Open course'}
                        </Link>
                      </Button>
                    </Flex>
                  )}
                </Flex>
              </Card>
            );
          })}
        </Grid>
      )}
    </Flex>
  );
}

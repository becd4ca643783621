import { Flex, Heading, Text } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { Badge, Button, Card, PageHeader, ProgressBar, Skeleton, toast } from '@verdant/ui';
import type { Certificate } from '@verdant/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { api } from '../lib/api.ts';
import { CourseReadFailed } from './education-missing.tsx';
import { valueLabel } from '../lib/labels.ts';
import { errorMessage } from './vendor-format.ts';

/** One course (/education/courses/:courseId): modules, enrolment, progress, certificate. */
export function Component() {
  const { courseId = '' } = useParams();
  const { isAuthenticated, isDemoMode } = useAuth();
  const signedIn = isAuthenticated && !isDemoMode;
  const queryClient = useQueryClient();
  const course = useQuery({
    queryKey: ['courses', 'slug', courseId],
    queryFn: () => api.courses.getBySlug(courseId),
  });
  const id = course.data?.id;
  const progress = useQuery({
    queryKey: ['courses', 'progress', id],
    queryFn: () => api.courses.progress(id!),
    enabled: signedIn && Boolean(id),
  });
  const continueLinkRef = useRef<HTMLAnchorElement>(null);
  // Set on enrolment: "Continue with …" replaces the button the learner pressed.
  const focusContinue = useRef(false);
  const enroll = useMutation({
    mutationFn: () => api.courses.enroll(id!),
    onSuccess: () => {
      focusContinue.current = true;
      return queryClient.invalidateQueries({ queryKey: ['courses', 'progress'] });
    },
  });
  const enrolled = Boolean(progress.data?.enrollment);
  useEffect(() => {
    if (!enrolled || !focusContinue.current) return;
    focusContinue.current = false;
    continueLinkRef.current?.focus();
  }, [enrolled]);
  // The learner's certificates (one query for the courses page and this one).
  const certificates = useQuery({
    queryKey: ['courses', 'certificates', 'mine'],
    queryFn: () => api.courses.listMyCertificates(),
    enabled: signedIn,
  });
  const certificateLinkRef = useRef<HTMLAnchorElement>(null);
  // Set when the learner asks for the certificate: its link replaces the button they pressed.
  const focusCertificate = useRef(false);
  const certificate = useMutation({
    mutationFn: () => api.courses.issueCertificate(id!),
    onSuccess: (issuedNow) => {
      focusCertificate.current = true;
      queryClient.setQueryData<Certificate[]>(['courses', 'certificates', 'mine'], (mine) => [
        issuedNow,
        ...(mine ?? []).filter((held) => held.id !== issuedNow.id),
      ]);
      void queryClient.invalidateQueries({ queryKey: ['courses', 'progress'] });
    },
    onError: (error) =>
      toast({
        title: 'No certificate yet',
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
  const certificateCode =
    certificates.data?.find((held) => held.course_id === course.data?.id)?.code ??
    certificate.data?.code;
  useEffect(() => {
    if (!certificateCode || !focusCertificate.current) return;
    focusCertificate.current = false;
    certificateLinkRef.current?.focus();
  }, [certificateCode]);

  if (course.isError)
    return <CourseReadFailed error={course.error} onRetry={() => void course.refetch()} />;
  if (course.isPending) return <Skeleton height="320px" />;
  const c = course.data;
  const done = new Set(progress.data?.completedModuleIds ?? []);
  const total = c.course_modules.length;
  const complete = total > 0 && done.size >= total;
  const nextModule = c.course_modules.find((m) => !done.has(m.id)) ?? c.course_modules[0];

  return (
    <Flex direction="column" gap="5" py="5" maxWidth="860px">
      <title>{`${c.title} — Verdant Education`}</title>
      <PageHeader
        title={c.title}
        description={c.summary ?? undefined}
        breadcrumbs={<Link to="/education">Education</Link>}
        meta={
          <Flex gap="2">
            <Badge>{valueLabel(c.level)}</Badge>
            {c.estimated_minutes ? <Badge tone="info">{c.estimated_minutes} min</Badge> : null}
          </Flex>
        }
      />
      {c.description ? <Text as="p">{c.description}</Text> : null}
      <Card>
        <Flex direction="column" gap="3">
          {!signedIn ? (
            <Flex gap="3" align="center" wrap="wrap">
              <Text>Log in to track your progress and earn the certificate.</Text>
              <Button asChild size="sm">
                <Link to={`/login?next=${encodeURIComponent(`/education/courses/${c.slug}`)}`}>
                  Log in
                </Link>
              </Button>
            </Flex>
          ) : progress.isPending ? (
            // Until the enrolment is known, no "Enrol" to press for a course already begun.
            <Skeleton height="40px" />
          ) : progress.data?.enrollment ? (
            <>
              <ProgressBar
                label="Your progress"
                value={done.size}
                max={Math.max(total, 1)}
                showValue
                formatValue={(v, max) => `${v} of ${max} modules`}
              />
              <Flex gap="3" wrap="wrap">
                {nextModule && !complete ? (
                  <Button asChild>
                    <Link
                      ref={continueLinkRef}
                      to={`/education/courses/${c.slug}/modules/${nextModule.id}`}
                    >
                      Continue with “{nextModule.title}”
                    </Link>
                  </Button>
                ) : null}
                {complete ? (
                  certificateCode ? (
                    <Button asChild>
                      <Link
                        ref={certificateLinkRef}
                        to={`/education/certificates/${certificateCode}`}
                      >
                        View your certificate
                      </Link>
                    </Button>
                  ) : (
                    <Button
                      loading={certificate.isPending || certificates.isLoading}
                      onClick={() => certificate.mutate()}
                    >
                      Get your certificate
                    </Button>
                  )
                ) : null}
              </Flex>
            </>
          ) : (
            <Flex gap="3" align="center" wrap="wrap">
              <Text>{total} modules. Enrol to save your progress.</Text>
              <Button loading={enroll.isPending} onClick={() => enroll.mutate()}>
                Enrol in this course
              </Button>
              {enroll.isError ? <Text color="red">{errorMessage(enroll.error)}</Text> : null}
            </Flex>
          )}
        </Flex>
      </Card>
      <Heading as="h2" size="4">
        Modules
      </Heading>
      <Flex asChild direction="column" gap="2">
        <ol style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
          {c.course_modules.map((m) => (
            <li key={m.id}>
              <Card size="sm">
                <Flex justify="between" align="center" gap="3" wrap="wrap">
                  <Link to={`/education/courses/${c.slug}/modules/${m.id}`}>
                    {m.position}. {m.title}
                  </Link>
                  <Flex gap="2" align="center">
                    {m.duration_minutes ? (
                      <Text size="1" color="gray">
                        {m.duration_minutes} min
                      </Text>
                    ) : null}
                    {done.has(m.id) ? <Badge tone="success">Completed</Badge> : null}
                  </Flex>
                </Flex>
              </Card>
            </li>
          ))}
        </ol>
      </Flex>
    </Flex>
  );
}

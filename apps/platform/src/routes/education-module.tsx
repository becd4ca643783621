import { Flex, Heading, Text } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { Badge, Button, Card, PageHeader, Prose, Skeleton, toast } from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import Markdown from 'react-markdown';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../lib/api.ts';
import { CourseReadFailed, LearningNotFound } from './education-missing.tsx';
import { errorMessage } from './vendor-format.ts';

/** Only web and site links survive in module Markdown; anything else (javascript:, data:) is dropped. */
function safeUrl(url: string): string {
  return /^(https?:\/\/|\/(?!\/)|#|mailto:)/i.test(url) ? url : '';
}

/** A course module (/education/courses/:courseId/modules/:moduleId): Markdown, complete, next. */
export function Component() {
  const { courseId = '', moduleId = '' } = useParams();
  const navigate = useNavigate();
  const { isAuthenticated, isDemoMode } = useAuth();
  const signedIn = isAuthenticated && !isDemoMode;
  const queryClient = useQueryClient();
  const headerRef = useRef<HTMLElement>(null);
  // Set when "Mark complete and continue" or the Previous and Next links open another module: this
  // page stays mounted, the page scrolls to the top, and the control pressed stays at the bottom
  // (or has become another one), so the focus moves to the new module's heading.
  const focusHeading = useRef(false);
  useEffect(() => {
    if (!focusHeading.current) return;
    const heading = headerRef.current?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    focusHeading.current = false;
    heading.tabIndex = -1;
    heading.focus();
  }, [moduleId]);
  // Not when the module opens in another tab or window.
  const headingAfterClick = (event: MouseEvent) => {
    focusHeading.current =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
  };
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
  const complete = useMutation({
    mutationFn: async () => {
      if (!progress.data?.enrollment) await api.courses.enroll(id!);
      await api.courses.completeModule(moduleId);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['courses', 'progress'] });
      toast({ title: 'Module completed' });
      // The last module done: the card that says the course is finished takes the focus.
      if (!next) {
        setJustFinished(true);
        return;
      }
      focusHeading.current = true;
      void navigate(`/education/courses/${courseId}/modules/${next.id}`);
    },
    onError: (error) =>
      toast({ title: 'Not saved', description: errorMessage(error), variant: 'destructive' }),
  });
  const [justFinished, setJustFinished] = useState(false);
  const finishedRef = useRef<HTMLAnchorElement>(null);
  // Runs again once the progress that shows the card has loaded.
  useEffect(() => {
    if (!justFinished || !finishedRef.current) return;
    setJustFinished(false);
    finishedRef.current.focus();
  }, [justFinished, progress.data]);
  const undo = useMutation({
    mutationFn: () => api.courses.uncompleteModule(moduleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['courses', 'progress'] }),
  });

  if (course.isError)
    return <CourseReadFailed error={course.error} onRetry={() => void course.refetch()} />;
  if (course.isPending) return <Skeleton height="420px" />;
  const modules = course.data.course_modules;
  const index = modules.findIndex((m) => m.id === moduleId);
  const module = modules[index];
  const previous = index > 0 ? modules[index - 1] : undefined;
  const next = index >= 0 ? modules[index + 1] : undefined;
  if (!module)
    return (
      <LearningNotFound
        title="Module not found"
        message={`“${course.data.title}” has no such module.`}
        back={{ to: `/education/courses/${courseId}`, label: 'Back to the course' }}
      />
    );
  const isDone = progress.data?.completedModuleIds.includes(module.id) ?? false;
  // Every module of the course done (this one last or not): the certificate is waiting.
  const courseDone =
    signedIn &&
    progress.data !== undefined &&
    modules.length > 0 &&
    modules.every((m) => progress.data.completedModuleIds.includes(m.id));

  return (
    <Flex direction="column" gap="5" py="5" maxWidth="820px">
      <title>{`${module.title} — ${course.data.title}`}</title>
      <PageHeader
        ref={headerRef}
        title={module.title}
        breadcrumbs={<Link to={`/education/courses/${courseId}`}>{course.data.title}</Link>}
        meta={
          <Flex gap="2">
            <Badge>
              Module {index + 1} of {modules.length}
            </Badge>
            {isDone ? <Badge tone="success">Completed</Badge> : null}
          </Flex>
        }
      />
      <Prose asChild>
        <article>
          <Markdown skipHtml urlTransform={safeUrl}>
            {module.body}
          </Markdown>
        </article>
      </Prose>
      {courseDone ? (
        <Card>
          <Flex direction="column" gap="2" align="start">
            <Heading as="h2" size="4">
              Course complete
            </Heading>
            <Text as="p">
              You have finished every module of “{course.data.title}”. Your certificate is on the
              course page.
            </Text>
            <Button asChild>
              <Link ref={finishedRef} to={`/education/courses/${courseId}`}>
                Get your certificate
              </Link>
            </Button>
          </Flex>
        </Card>
      ) : null}
      <Card>
        <Flex justify="between" gap="3" wrap="wrap" align="center">
          <Flex gap="2">
            {previous ? (
              <Button asChild variant="outline">
                <Link
                  to={`/education/courses/${courseId}/modules/${previous.id}`}
                  onClick={headingAfterClick}
                >
                  Previous: {previous.title}
                </Link>
              </Button>
            ) : null}
          </Flex>
          <Flex gap="2" wrap="wrap">
            {!signedIn ? (
              <Text size="2" color="gray">
                <Link
                  to={`/login?next=${encodeURIComponent(`/education/courses/${courseId}/modules/${moduleId}`)}`}
                >
                  Log in
                </Link>{' '}
                to save your progress.
              </Text>
            ) : isDone ? (
              <Button variant="ghost" loading={undo.isPending} onClick={() => undo.mutate()}>
                Mark as not done
              </Button>
            ) : (
              <Button loading={complete.isPending} onClick={() => complete.mutate()}>
                Mark complete{next ? ' and continue' : ''}
              </Button>
            )}
            {next ? (
              <Button asChild variant="secondary">
                <Link
                  to={`/education/courses/${courseId}/modules/${next.id}`}
                  onClick={headingAfterClick}
                >
                  Next: {next.title}
                </Link>
              </Button>
            ) : (
              <Button asChild variant="secondary">
                <Link to={`/education/courses/${courseId}`}>Back to the course</Link>
              </Button>
            )}
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}

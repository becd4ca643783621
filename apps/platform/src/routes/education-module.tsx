import { Flex, Text } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { Badge, Button, Card, ErrorCard, PageHeader, Prose, Skeleton, toast } from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type MouseEvent } from 'react';
import Markdown from 'react-markdown';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../lib/api.ts';
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
      if (!next) return;
      focusHeading.current = true;
      void navigate(`/education/courses/${courseId}/modules/${next.id}`);
    },
    onError: (error) =>
      toast({ title: 'Not saved', description: errorMessage(error), variant: 'destructive' }),
  });
  const undo = useMutation({
    mutationFn: () => api.courses.uncompleteModule(moduleId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['courses', 'progress'] }),
  });

  if (course.isError)
    return <ErrorCard message={errorMessage(course.error)} onRetry={() => void course.refetch()} />;
  if (course.isPending) return <Skeleton height="420px" />;
  const modules = course.data.course_modules;
  const index = modules.findIndex((m) => m.id === moduleId);
  const module = modules[index];
  const previous = index > 0 ? modules[index - 1] : undefined;
  const next = index >= 0 ? modules[index + 1] : undefined;
  if (!module)
    return <ErrorCard title="Module not found" message="This course has no such module." />;
  const isDone = progress.data?.completedModuleIds.includes(module.id) ?? false;

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

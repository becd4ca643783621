import { Code, Container, Flex, Heading, Text } from '@radix-ui/themes';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cn } from '../../utils/index.ts';
import { Logomark } from '../logomark/logomark.tsx';

/** The status line for a router error response ({ status, statusText }) or the message of anything else. */
export function describeRouteError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { status, statusText, message } = error as {
      status?: unknown;
      statusText?: unknown;
      message?: unknown;
    };
    if (typeof status === 'number')
      return [status, typeof statusText === 'string' ? statusText : ''].join(' ').trim();
    if (typeof message === 'string' && message) return message;
  }
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}

export interface RouterErrorPageProps extends ComponentPropsWithoutRef<'main'> {
  /** What the router caught (e.g. `useRouteError()` in the app); this package imports no router. */
  error: unknown;
  /** Extra content under the status line, e.g. a link home built with the app's router. */
  children?: ReactNode;
  /**
   * Show a thrown error's stack trace. Off by default: pass it only in development (e.g.
   * `showStack={import.meta.env.DEV}`), so visitors never see the application's internals.
   */
  showStack?: boolean;
}

/** The router's default error page: 'Unexpected Application Error!' and a status line or message. */
export const RouterErrorPage = forwardRef<HTMLElement, RouterErrorPageProps>(
  function RouterErrorPage({ error, className, children, showStack = false, ...props }, ref) {
    const stack = showStack && error instanceof Error ? error.stack : undefined;
    return (
      <main
        ref={ref}
        data-slot="router-error-page"
        className={cn('vd-router-error-page', className)}
        {...props}
      >
        <Container size="2" px="4" py="9">
          <Flex direction="column" gap="4" className="vd-router-error-page__panel">
            <Logomark size={40} title="Verdant" />
            <Heading as="h1" size="7">
              Unexpected Application Error!
            </Heading>
            <Text
              as="p"
              size="4"
              color="red"
              data-slot="router-error-status"
              className="vd-router-error-page__status"
            >
              {describeRouteError(error)}
            </Text>
            {stack ? (
              <Code asChild size="1" variant="ghost" color="gray">
                <pre className="vd-router-error-page__stack">{stack}</pre>
              </Code>
            ) : null}
            {children}
          </Flex>
        </Container>
      </main>
    );
  },
);

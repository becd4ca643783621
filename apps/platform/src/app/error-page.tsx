import { Button, RouterErrorPage } from '@verdant/ui';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/** The app's error page (spec §2), with a way back home. */
export function RouteErrorPage({ error }: { error: unknown }) {
  return (
    <RouterErrorPage error={error} showStack={import.meta.env.DEV}>
      <div>
        {/* A full page load: the router itself may be what failed. */}
        <Button asChild variant="secondary">
          <a href="/">Back to the home page</a>
        </Button>
      </div>
    </RouterErrorPage>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  /** The path the error happened on: moving to another path gives the page a fresh start. */
  failedAt: string | null;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (state.error === null) return null;
    if (state.failedAt === null) return { failedAt: props.pathname };
    return state.failedAt === props.pathname ? null : { error: null, failedAt: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error === null ? (
      this.props.children
    ) : (
      <RouteErrorPage error={this.state.error} />
    );
  }
}

/**
 * Catches what a page throws while rendering, including a page module that failed to load, and
 * shows the error page in place of the whole app; navigating elsewhere tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary pathname={pathname}>{children}</ErrorBoundary>;
}

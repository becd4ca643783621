import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AuthEngine } from '@verdant/auth';
import { AuthProvider } from '@verdant/auth/react';
import { VerdantTheme } from '@verdant/ui';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterFirstPage } from '../lib/backend.ts';

const Toaster = lazy(() => import('./toaster.ts').then((m) => ({ default: m.Toaster })));

/**
 * The toast viewport, mounted once the first page has been painted (`afterFirstPage`), so its code
 * does not compete with the first page. It shows whatever the toast store holds when it mounts.
 * Not at all in a prerender, whose HTML the first render must match.
 */
function LaterToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void afterFirstPage().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** Theme, toasts, session and server-state cache around the whole app. */
export function Providers({
  engine,
  queryClient,
  children,
}: {
  engine: AuthEngine;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <VerdantTheme>
      <AuthProvider engine={engine}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AuthProvider>
      <LaterToaster />
    </VerdantTheme>
  );
}

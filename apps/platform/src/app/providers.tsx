import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AuthEngine } from '@verdant/auth';
import { AuthProvider } from '@verdant/auth/react';
import { VerdantTheme } from '@verdant/ui';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { afterFirstPage } from '../lib/backend.ts';

const Toaster = lazy(() => import('./toaster.ts').then((m) => ({ default: m.Toaster })));

/**
 * The toast viewport, mounted once the first page has been painted (`afterFirstPage`), so neither
 * its code nor its first render competes with the first page. It shows whatever the toast store
 * holds when it mounts. Not in a prerender: there is no toast to show before the app runs.
 */
function LaterToaster() {
  const [ready, setReady] = useState(false);
  // Providers live as long as the page, so the answer always finds the component mounted.
  useEffect(() => void afterFirstPage().then(() => setReady(true)), []);
  return (
    ready && (
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    )
  );
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

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AuthEngine } from '@verdant/auth';
import { AuthProvider } from '@verdant/auth/react';
import { VerdantTheme } from '@verdant/ui';
import { lazy, Suspense, type ReactNode } from 'react';
import { afterFirstPage } from '../lib/backend.ts';

/**
 * The toast viewport loads once the first page has been painted (`afterFirstPage`), so its code
 * does not compete with the first page; it shows whatever the toast store holds when it mounts. A
 * prerender renders it at once, and hydration keeps that HTML until the code is there.
 */
const Toaster = lazy(() =>
  (typeof window === 'undefined' ? Promise.resolve() : afterFirstPage())
    .then(() => import('./toaster.ts'))
    .then((m) => ({ default: m.Toaster })),
);

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
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </VerdantTheme>
  );
}

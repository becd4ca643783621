import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { AuthEngine } from '@verdant/auth';
import { AuthProvider } from '@verdant/auth/react';
import { VerdantTheme } from '@verdant/ui';
import { lazy, Suspense, type ReactNode } from 'react';

const Toaster = lazy(() => import('./toaster.ts').then((m) => ({ default: m.Toaster })));

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

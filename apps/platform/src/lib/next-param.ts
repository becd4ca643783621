import { useSearchParams } from 'react-router';
import { safeNext } from '../app/navigation.ts';
import { useHydrated } from './hydrated.ts';

/**
 * Where to go after logging in or signing up (`?next=`, a same-site path), or null. Read once the
 * app has taken a prerendered page over: the build renders these pages without an address query,
 * and the first render in the browser must match it.
 */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  return useHydrated() ? safeNext(params.get('next')) : null;
}

/** `path` carrying `next` on to the following page, when there is one. */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

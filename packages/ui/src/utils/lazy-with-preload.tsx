import * as React from 'react';

/** A component whose code loads on first render (like `React.lazy`), or ahead of it with `preload()`. */
export interface LazyWithPreload<P extends object> {
  (props: P): React.ReactElement;
  /** Loads the component's code (once); a later render draws it at once instead of suspending. */
  preload(): Promise<void>;
}

/**
 * `React.lazy` that can be loaded ahead of its first render: once loaded, the component renders
 * directly, in the first commit, instead of suspending for a moment (and a Suspense boundary
 * showing its fallback). The kit's charts load their plots (recharts) with it; an app can load a
 * route's page with it before the first render. A failed load may be tried again.
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<React.ComponentType<P>>,
): LazyWithPreload<P> {
  let Loaded: React.ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => {
        Loaded = component;
      },
      (error: unknown) => {
        // A failed load (a network error, say) may be tried again by the next render.
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = React.lazy(() => preload().then(() => ({ default: Loaded! })));
  function LazyComponent(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
    // remount it and lose its state.
    const [Component] = React.useState<React.ComponentType<P>>(() => Loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(LazyComponent, { preload });
}

import * as React from 'react';

/** A plot component whose code loads on first render, or ahead of it with `preload()`. */
export interface LazyPlot<P extends object> {
  (props: P): React.ReactElement;
  /** Loads the plot's code (once); a later render draws it at once instead of suspending. */
  preload(): Promise<void>;
}

/**
 * The charts' plots draw with recharts, which is most of the charts' code: a chart renders its
 * frame (title, summary, table) at once and its plot as soon as that code has arrived, with the
 * frame's skeleton in the plot's fixed-height box until then (see `ChartFrame`), so nothing moves.
 */
export function lazyPlot<P extends object>(
  load: () => Promise<React.ComponentType<P>>,
): LazyPlot<P> {
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
  function Plot(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component later would
    // remount the plot.
    const [Component] = React.useState<React.ComponentType<P>>(() => Loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Plot, { preload });
}

// A lazily loaded component (the charts' plots, an app's pages): it renders once its code has
// arrived, and a preloaded one renders in the first commit.
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyWithPreload } from './lazy-with-preload.tsx';

afterEach(() => cleanup());

/** A plot module whose arrival the test controls. */
function controlledModule() {
  let arrive!: () => void;
  let fail!: (error: Error) => void;
  let loads = 0;
  const load = () => {
    loads += 1;
    return new Promise<(props: { label: string }) => React.ReactElement>((resolve, reject) => {
      arrive = () => resolve(({ label }) => <svg aria-label={label} role="img" />);
      fail = reject;
    });
  };
  return { load, arrive: () => arrive(), fail: (e: Error) => fail(e), loads: () => loads };
}

const frame = (children: React.ReactNode) => (
  <Suspense fallback={<p>Plot loading</p>}>{children}</Suspense>
);

describe('lazyWithPreload', () => {
  it('shows the fallback until the code arrives, then the plot', async () => {
    const module = controlledModule();
    const Plot = lazyWithPreload(module.load);
    render(frame(<Plot label="Clicks" />));
    expect(screen.getByText('Plot loading')).toBeTruthy();
    module.arrive();
    expect(await screen.findByRole('img', { name: 'Clicks' })).toBeTruthy();
    expect(screen.queryByText('Plot loading')).toBeNull();
    expect(module.loads()).toBe(1);
  });

  it('draws a preloaded plot in the first render, loading its code once', async () => {
    const module = controlledModule();
    const Plot = lazyWithPreload(module.load);
    const first = Plot.preload();
    const second = Plot.preload();
    module.arrive();
    await Promise.all([first, second]);
    render(frame(<Plot label="Sales" />));
    // Synchronously there: no fallback was ever shown.
    expect(screen.getByRole('img', { name: 'Sales' })).toBeTruthy();
    expect(screen.queryByText('Plot loading')).toBeNull();
    expect(module.loads()).toBe(1);
  });

  it('tries again after a failed load', async () => {
    const module = controlledModule();
    const Plot = lazyWithPreload(module.load);
    const failed = Plot.preload();
    module.fail(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    const retried = Plot.preload();
    module.arrive();
    await retried;
    expect(module.loads()).toBe(2);
    render(frame(<Plot label="Earnings" />));
    expect(screen.getByRole('img', { name: 'Earnings' })).toBeTruthy();
  });
});

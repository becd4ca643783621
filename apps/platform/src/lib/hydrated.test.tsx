import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated } from './hydrated.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const seen: boolean[] = [];
function Probe() {
  const hydrated = useHydrated();
  seen.push(hydrated);
  return <button disabled={!hydrated}>Log in</button>;
}

afterEach(() => {
  seen.length = 0;
  document.body.replaceChildren();
});

describe('useHydrated', () => {
  it('is false in the build-time render', () => {
    expect(renderToString(<Probe />)).toContain('disabled');
  });

  it('is false while the browser takes prerendered HTML over, then true', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    document.body.append(container);
    seen.length = 0;
    await act(async () => {
      hydrateRoot(container, <Probe />);
    });
    // Hydration renders what the server rendered (no mismatch), then the controls come alive.
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
    expect(container.querySelector('button')!.disabled).toBe(false);
  });

  it('is true at once when the browser renders the page itself', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      createRoot(container).render(<Probe />);
    });
    expect(seen.every(Boolean)).toBe(true);
    expect(container.querySelector('button')!.disabled).toBe(false);
  });
});

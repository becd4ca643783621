// The apps build Radix Themes' `Theme` without its tooltip provider (config/vite-radix-theme.mjs),
// so the kit's tooltip must work with no provider above it.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Tooltip } from './tooltip.tsx';

afterEach(async () => {
  await userEvent.hover(document.body, { position: { x: 1, y: 1 } });
  cleanup();
});

describe('Tooltip without a provider above it', () => {
  it('opens on focus, describes its trigger and closes with Escape', async () => {
    render(
      <div style={{ padding: 60 }}>
        <Tooltip content="Copies the tracked link">
          <button type="button">Copy link</button>
        </Tooltip>
      </div>,
    );
    const trigger = screen.getByRole('button', { name: 'Copy link' });
    trigger.focus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe('Copies the tracked link');
    const described = trigger.getAttribute('aria-describedby');
    expect(described && document.getElementById(described)?.textContent).toBe(
      'Copies the tracked link',
    );
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens when the real pointer rests on the trigger', async () => {
    render(
      <div style={{ padding: 60 }}>
        <Tooltip content="Pauses the link" delayDuration={0}>
          <button type="button">Disable</button>
        </Tooltip>
      </div>,
    );
    await userEvent.hover(screen.getByRole('button', { name: 'Disable' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Pauses the link');
  });
});

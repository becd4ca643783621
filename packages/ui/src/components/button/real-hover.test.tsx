// Hover is checked with the browser's real pointer (Playwright moves the mouse), because simulated
// hover events never trigger CSS `:hover`.
import '@radix-ui/themes/styles.css';
import '../../styles.css';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { DataTable } from '../data-table/index.ts';
import { Tabs } from '../tabs/index.ts';
import { VerdantTheme } from '../verdant-theme/index.ts';
import { Button } from './button.tsx';

afterEach(async () => {
  // Park the pointer in a corner so the next test starts with nothing hovered.
  await userEvent.hover(document.body, { position: { x: 1, y: 1 } });
  cleanup();
});

const look = (el: Element) => {
  const style = getComputedStyle(el);
  return `${style.backgroundColor} ${style.backgroundImage}`;
};

/** Waits out the element's transition so the computed style is the settled one. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 400));

describe('hover with the real pointer', () => {
  it('changes the primary button background', async () => {
    render(
      <VerdantTheme>
        <div style={{ padding: 40 }}>
          <Button>Create link</Button>
        </div>
      </VerdantTheme>,
    );
    const button = screen.getByRole('button', { name: 'Create link' });
    // The gradient is what shows (it covers the background colour), so the gradient must change.
    const resting = getComputedStyle(button).backgroundImage;
    await userEvent.hover(button);
    await settled();
    expect(button.matches(':hover')).toBe(true);
    expect(getComputedStyle(button).backgroundImage).not.toBe(resting);
  });

  it('tints the hovered table row', async () => {
    render(
      <VerdantTheme>
        <DataTable
          caption="Links"
          columns={[{ id: 'name', header: 'Link', cell: (r: { id: string }) => r.id }]}
          rows={[{ id: 'Spring campaign' }, { id: 'Summer campaign' }]}
          getRowId={(r) => r.id}
        />
      </VerdantTheme>,
    );
    const row = screen.getByRole('row', { name: /Spring campaign/ });
    const other = screen.getByRole('row', { name: /Summer campaign/ });
    const resting = look(row);
    await userEvent.hover(row);
    await settled();
    expect(look(row)).not.toBe(resting);
    expect(look(other)).toBe(resting);
  });

  it('leaves a disabled tab unchanged under the pointer', async () => {
    render(
      <VerdantTheme>
        <Tabs.Root defaultValue="overview">
          <Tabs.List aria-label="Sections">
            <Tabs.Trigger value="overview">Overview</Tabs.Trigger>
            <Tabs.Trigger value="payouts" disabled>
              Payouts
            </Tabs.Trigger>
            <Tabs.Trigger value="settings">Settings</Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
      </VerdantTheme>,
    );
    const inner = (name: string) =>
      screen.getByRole('tab', { name }).querySelector('.rt-BaseTabListTriggerInner')!;
    const disabledResting = look(inner('Payouts'));
    const enabledResting = look(inner('Settings'));
    await userEvent.hover(screen.getByRole('tab', { name: 'Settings' }));
    await settled();
    // The pointer does show hover on an enabled tab…
    expect(look(inner('Settings'))).not.toBe(enabledResting);
    await userEvent.hover(screen.getByRole('tab', { name: 'Payouts' }));
    await settled();
    // …and none on the disabled one.
    expect(look(inner('Payouts'))).toBe(disabledResting);
  });
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import type { LinkPageThemeName } from './link-page-themes.ts';
import { ThemePicker } from './theme-picker.tsx';

const meta = {
  title: 'Creator/ThemePicker',
  component: ThemePicker,
  args: { defaultValue: 'forest' },
} satisfies Meta<typeof ThemePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Page theme' })).toBeVisible();
    await expect(canvas.getAllByRole('radio')).toHaveLength(4);
    await expect(canvas.getByRole('radio', { name: 'Forest' })).toBeChecked();
  },
};

const onValueChange = fn();

export const ChoosesWithPointerAndKeys: Story = {
  args: { onValueChange },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Earth' }));
    await expect(onValueChange).toHaveBeenLastCalledWith('earth');
    await expect(canvas.getByRole('radio', { name: 'Earth' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Night' })).toHaveFocus());
    await expect(canvas.getByRole('radio', { name: 'Night' })).toBeChecked();
    await expect(onValueChange).toHaveBeenLastCalledWith('night');
  },
};

/**
 * The arrow keys choose as they move (the radio-group pattern), even when the key is up before the
 * focus has moved; Down and Up do as Right and Left, and the ends wrap around.
 */
export const ArrowKeysChoose: Story = {
  args: { onValueChange: fn() },
  play: async ({ canvas, args }) => {
    canvas.getByRole('radio', { name: 'Forest' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Ocean' })).toHaveFocus());
    await expect(canvas.getByRole('radio', { name: 'Ocean' })).toBeChecked();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('ocean');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Earth' })).toBeChecked());
    await expect(canvas.getByRole('radio', { name: 'Earth' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowLeft}{ArrowLeft}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Night' })).toBeChecked());
    await expect(canvas.getByRole('radio', { name: 'Night' })).toHaveFocus();
    await expect(canvas.getByRole('radio', { name: 'Forest' })).not.toBeChecked();
    // Each key chose once: no repeated calls for the same theme.
    await expect(args.onValueChange).toHaveBeenCalledTimes(5);
  },
};

/** Controlled: each arrow key asks the parent for the next theme, which it then shows. */
export const ArrowKeysChooseControlled: Story = {
  render: function Render(args) {
    const [theme, setTheme] = useState<LinkPageThemeName>('ocean');
    return (
      <ThemePicker
        {...args}
        value={theme}
        onValueChange={(next) => {
          args.onValueChange?.(next);
          setTheme(next);
        }}
      />
    );
  },
  args: { onValueChange: fn() },
  play: async ({ canvas, args }) => {
    canvas.getByRole('radio', { name: 'Ocean' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(canvas.getByRole('radio', { name: 'Earth' })).toBeChecked());
    await expect(canvas.getByRole('radio', { name: 'Earth' })).toHaveFocus();
    await expect(args.onValueChange).toHaveBeenCalledTimes(1);
    await expect(args.onValueChange).toHaveBeenLastCalledWith('earth');
  },
};

/** Controlled: the parent's value wins until it changes. */
export const Controlled: Story = {
  args: { value: 'ocean', onValueChange: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Night' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('night');
    await expect(canvas.getByRole('radio', { name: 'Ocean' })).toBeChecked();
  },
};

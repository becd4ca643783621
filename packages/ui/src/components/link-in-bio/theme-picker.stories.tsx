import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
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
    await expect(canvas.getByRole('radio', { name: 'Night' })).toHaveFocus();
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

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '@radix-ui/themes';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { TextInput } from '../text-input/index.ts';
import { Button } from './button.tsx';

const meta = {
  title: 'Actions/Button',
  component: Button,
  args: { children: 'Create link', onClick: fn() },
  argTypes: {
    variant: {
      control: 'inline-radio',
      options: ['primary', 'secondary', 'outline', 'ghost', 'danger'],
    },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create link' }));
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Variants: Story = {
  render: (args) => (
    <Flex gap="3" wrap="wrap">
      <Button {...args} variant="primary">
        Primary
      </Button>
      <Button {...args} variant="secondary">
        Secondary
      </Button>
      <Button {...args} variant="outline">
        Outline
      </Button>
      <Button {...args} variant="ghost">
        Ghost
      </Button>
      <Button {...args} variant="danger">
        Delete program
      </Button>
    </Flex>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <Flex gap="3" align="center">
      <Button {...args} size="sm">
        Small
      </Button>
      <Button {...args} size="md">
        Medium
      </Button>
      <Button {...args} size="lg">
        Large
      </Button>
    </Flex>
  ),
};

export const Danger: Story = {
  args: { variant: 'danger', children: 'Remove affiliate' },
};

export const Focused: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button')).toHaveFocus();
  },
};

/**
 * The grey secondary button's focus ring is the ring colour of every control (--focus-8), not its
 * own grey step 8, which was barely visible on its fill and on a card.
 */
export const SecondaryFocused: Story = {
  args: { variant: 'secondary', children: 'Change plan' },
  play: async ({ canvas }) => {
    await userEvent.tab();
    const button = canvas.getByRole('button', { name: 'Change plan' });
    await expect(button).toHaveFocus();
    const probe = document.createElement('span');
    probe.style.color = 'var(--focus-8)';
    button.closest('.radix-themes')?.append(probe);
    const ring = getComputedStyle(probe).color;
    probe.remove();
    await expect(getComputedStyle(button).outlineColor).toBe(ring);
    await expect(getComputedStyle(button).outlineStyle).toBe('solid');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Create link' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Saving' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Saving' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

const saved = fn();

/** A form's submit button: while it works, the focus stays on it and a second Enter does nothing. */
export const LoadingKeepsFocus: Story = {
  render: function Render() {
    const [busy, setBusy] = useState(false);
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          saved();
          setBusy(true);
        }}
      >
        <Flex gap="2" align="center">
          <TextInput aria-label="Email" defaultValue="ana@example.com" />
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Flex>
      </form>
    );
  },
  play: async ({ canvas }) => {
    saved.mockClear();
    const button = canvas.getByRole('button', { name: 'Save' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await expect(saved).toHaveBeenCalledTimes(1);
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveFocus();
    // Neither the button nor Enter in the form's field submits again while it is busy.
    await userEvent.keyboard('{Enter}');
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), '{Enter}');
    await expect(saved).toHaveBeenCalledTimes(1);
  },
};

export const LongLabel: Story = {
  args: {
    children: 'Generate a tracked link for every product in the spring sustainability collection',
  },
  render: (args) => (
    <div style={{ maxWidth: 280 }}>
      <Button {...args} style={{ height: 'auto', whiteSpace: 'normal', paddingBlock: 8 }} />
    </div>
  ),
};

export const AsLink: Story = {
  args: { asChild: true, children: undefined, variant: 'outline' },
  render: (args) => (
    <Button {...args}>
      <a href="#pricing">See pricing</a>
    </Button>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'See pricing' });
    await expect(link).toHaveAttribute('href', '#pricing');
  },
};

export const FullWidthNarrow: Story = {
  args: { fullWidth: true, children: 'Continue' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

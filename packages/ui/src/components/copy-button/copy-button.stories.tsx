import type { Meta, StoryObj } from '@storybook/react-vite';
import { Code, Flex } from '@radix-ui/themes';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { CopyButton } from './copy-button.tsx';

const link = 'https://verdant.example/go/SPRING24';

const meta = {
  title: 'Actions/CopyButton',
  component: CopyButton,
  args: { value: link, label: 'Copy link', onCopied: fn(), onCopyError: fn() },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Replaces the clipboard for one story and restores it afterwards. */
function withClipboard(writeText: (text: string) => Promise<void>) {
  return () => {
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    return () => {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else Reflect.deleteProperty(navigator, 'clipboard');
    };
  };
}

const written: string[] = [];

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Copy link' });
    await expect(button).toBeEnabled();
    await expect(button).not.toHaveAttribute('data-copied');
    await expect(args.onCopied).not.toHaveBeenCalled();
  },
};

export const CopiedState: Story = {
  beforeEach: withClipboard(async (text) => {
    written.push(text);
  }),
  play: async ({ canvas, args }) => {
    written.length = 0;
    const button = canvas.getByRole('button', { name: 'Copy link' });
    await userEvent.click(button);
    await expect(written).toEqual([link]);
    await expect(args.onCopied).toHaveBeenCalledWith(link);
    await expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    await expect(button).toHaveAttribute('data-copied');
  },
};

export const KeyboardCopy: Story = {
  beforeEach: withClipboard(async (text) => {
    written.push(text);
  }),
  play: async ({ canvas, args }) => {
    written.length = 0;
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onCopied).toHaveBeenCalledWith(link));
    await expect(written).toEqual([link]);
  },
};

/** Replaces the clipboard and `document.execCommand` for one story. */
function withBrokenClipboard(execResult: boolean) {
  const restoreClipboard = withClipboard(() =>
    Promise.reject(new DOMException('Denied', 'NotAllowedError')),
  );
  return () => {
    const undo = restoreClipboard();
    const original = document.execCommand;
    document.execCommand = (command: string) => {
      const area = document.activeElement;
      if (command === 'copy' && area instanceof HTMLTextAreaElement && execResult)
        written.push(area.value);
      return execResult;
    };
    return () => {
      document.execCommand = original;
      undo();
    };
  };
}

export const FallbackWhenClipboardRefuses: Story = {
  beforeEach: withBrokenClipboard(true),
  play: async ({ canvas, args }) => {
    written.length = 0;
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(args.onCopied).toHaveBeenCalledWith(link));
    await expect(written).toEqual([link]);
    await expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Copied' })).toHaveFocus();
  },
};

export const CopyFails: Story = {
  beforeEach: withBrokenClipboard(false),
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(args.onCopyError).toHaveBeenCalled());
    await expect(args.onCopied).not.toHaveBeenCalled();
    await expect(await screen.findByText('Could not copy')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Copy link' })).not.toHaveAttribute(
      'data-copied',
    );
  },
};

export const IconOnly: Story = {
  args: { display: 'icon', label: 'Copy referral code', value: 'GREEN-7F3K' },
  render: (args) => (
    <Flex gap="2" align="center">
      <Code size="3">GREEN-7F3K</Code>
      <CopyButton {...args} />
    </Flex>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Copy referral code' })).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Copy link' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onCopied).not.toHaveBeenCalled();
  },
};

export const Outline: Story = { args: { variant: 'outline', size: '1', label: 'Copy' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex, Text } from '@radix-ui/themes';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/index.ts';
import { TextInput } from '../text-input/index.ts';
import { Field } from '../field/index.ts';
import { Modal, type ModalContentProps } from './modal.tsx';

function Example({ onSave, ...content }: ModalContentProps & { onSave?: () => void }) {
  return (
    <Modal.Root>
      <Modal.Trigger>
        <Button>Rename link</Button>
      </Modal.Trigger>
      <Modal.Content {...content}>
        <Modal.Title>Rename link</Modal.Title>
        <Modal.Description mb="4">
          The new name shows in your dashboard only; the URL stays the same.
        </Modal.Description>
        <Field label="Link name">
          <TextInput defaultValue="Spring bamboo set" />
        </Field>
        <Flex gap="3" mt="4" justify="end">
          <Modal.Close>
            <Button variant="secondary">Cancel</Button>
          </Modal.Close>
          <Modal.Close>
            <Button onClick={onSave}>Save</Button>
          </Modal.Close>
        </Flex>
      </Modal.Content>
    </Modal.Root>
  );
}

const meta = {
  title: 'Overlays/Modal',
  component: Example,
  args: { onSave: fn() },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
  // Docs render each story in its own frame, so open dialogs do not cover the docs page.
  parameters: { docs: { story: { inline: false, iframeHeight: 480 } } },
} satisfies Meta<typeof Example>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

/** The open modal, as designers and the screenshot test see it. */
export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Rename link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename link' });
    await expect(dialog).toHaveAccessibleDescription(/URL stays the same/);
    // Portalled, yet still inside a dark Radix theme.
    await expect(dialog.closest('.radix-themes')).toHaveClass('dark');
    await expect(screen.getByRole('textbox', { name: 'Link name' })).toHaveFocus();
  },
};

export const SaveCloses: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Rename link' }));
    await screen.findByRole('dialog', { name: 'Rename link' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const ClosesWithEscape: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Rename link' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

export const Large: Story = {
  args: { size: 'lg' },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Rename link' }));
    await screen.findByRole('dialog');
  },
};

export const LongContentNarrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: () => (
    <Modal.Root defaultOpen>
      <Modal.Content>
        <Modal.Title>Programme terms</Modal.Title>
        <Modal.Description>Read before joining.</Modal.Description>
        {Array.from({ length: 6 }, (_, i) => (
          <Text as="p" size="2" mt="3" key={i}>
            Commissions are approved after the holding period, once the order can no longer be
            refunded. Refunds after payout create a negative adjustment on your next statement.
          </Text>
        ))}
        <Flex mt="4" justify="end">
          <Modal.Close>
            <Button>I agree</Button>
          </Modal.Close>
        </Flex>
      </Modal.Content>
    </Modal.Root>
  ),
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Programme terms' })).toBeVisible();
  },
};

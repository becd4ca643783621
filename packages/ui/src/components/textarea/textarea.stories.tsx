import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Field } from '../field/index.ts';
import { Textarea } from './textarea.tsx';

const meta = {
  title: 'Forms/Textarea',
  component: Textarea,
  args: { placeholder: 'Tell shoppers what you stand for' },
  render: (args) => (
    <Field label="Bio" description="Shown on your link page." style={{ maxWidth: 420 }}>
      <Textarea {...args} />
    </Field>
  ),
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Bio' });
    await expect(textarea).toHaveValue('');
    await expect(textarea).toHaveAccessibleDescription('Shown on your link page.');
  },
};

export const Typing: Story = {
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Bio' });
    await userEvent.type(textarea, 'Zero-waste home goods');
    await expect(textarea).toHaveValue('Zero-waste home goods');
    await expect(textarea).toHaveAccessibleDescription('Shown on your link page.');
  },
};

export const WithCount: Story = {
  args: { maxLength: 160, showCount: true },
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Bio' });
    await userEvent.type(textarea, 'Refills');
    await expect(canvas.getByText('7 / 160')).toBeVisible();
    await expect(textarea).toHaveAccessibleDescription('Shown on your link page. 7 / 160');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'Locked while your profile is reviewed.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox')).toBeDisabled();
  },
};

export const LongContent: Story = {
  args: {
    rows: 6,
    defaultValue:
      'We make home goods that last: bamboo brushes, refillable cleaners and linen that softens with every wash. Every product page links the certificate behind its claim, and we publish our supplier list once a year.\n\nAffiliates earn 12% on every order, paid after a 30-day holding period.',
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '@radix-ui/themes';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { SustainabilityBadge } from './sustainability-badge';

const now = new Date('2026-06-01T00:00:00Z');

const meta = {
  title: 'Data display/SustainabilityBadge',
  component: SustainabilityBadge,
  args: {
    claim: 'Carbon neutral shipping',
    issuer: 'Climate Partner',
    expiresAt: '2027-03-03T00:00:00Z',
    now,
    evidenceLink: <a href="https://example.org/certificates/cn-4821">View certificate</a>,
  },
} satisfies Meta<typeof SustainabilityBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Verified: Story = {
  play: async ({ canvas }) => {
    const badge = canvas.getByRole('button', { name: /Carbon neutral shipping, verified/ });
    await userEvent.click(badge);
    const panel = await screen.findByRole('dialog', {
      name: 'Evidence for Carbon neutral shipping',
    });
    await expect(panel).toHaveTextContent('Climate Partner');
    await expect(panel).toHaveTextContent('Valid until March 3, 2027');
    await expect(screen.getByRole('link', { name: 'View certificate' })).toHaveAttribute(
      'href',
      'https://example.org/certificates/cn-4821',
    );
    await expect(panel.closest('.radix-themes')).toHaveClass('dark');
  },
};

export const KeyboardEvidence: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    const badge = canvas.getByRole('button', { name: /Carbon neutral shipping/ });
    await expect(badge).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog');
    // Focus moves into the panel; Tab reaches the evidence link.
    await waitFor(() => expect(panel).toHaveFocus());
    await userEvent.tab();
    await expect(screen.getByRole('link', { name: 'View certificate' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(badge).toHaveFocus();
  },
};

export const ExpiringSoon: Story = {
  args: {
    claim: 'Fair Trade cotton',
    issuer: 'Fairtrade International',
    expiresAt: '2026-06-20T00:00:00Z',
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: /Fair Trade cotton, expiring soon/ }),
    ).toHaveAttribute('data-status', 'expiring');
  },
};

export const Expired: Story = {
  args: {
    claim: 'Plastic-free packaging',
    issuer: 'Plastic Free Org',
    expiresAt: '2026-02-01T00:00:00Z',
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Plastic-free packaging, expired/ }));
    await expect(await screen.findByRole('dialog')).toHaveTextContent(
      'Expired on February 1, 2026',
    );
  },
};

export const WithoutEvidenceLink: Story = {
  args: { evidenceLink: undefined },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button'));
    await screen.findByRole('dialog');
    await expect(screen.queryByRole('link')).toBeNull();
  },
};

export const Hovered: Story = {
  play: async ({ canvas }) => {
    await userEvent.hover(canvas.getByRole('button'));
  },
};

export const Small: Story = { args: { size: '1' } };

export const Group: Story = {
  render: (args) => (
    <Flex gap="2" wrap="wrap">
      <SustainabilityBadge {...args} />
      <SustainabilityBadge
        {...args}
        claim="B Corp certified"
        issuer="B Lab"
        expiresAt="2028-01-01T00:00:00Z"
      />
      <SustainabilityBadge
        {...args}
        claim="Fair Trade cotton"
        issuer="Fairtrade International"
        expiresAt="2026-06-20T00:00:00Z"
      />
      <SustainabilityBadge
        {...args}
        claim="Plastic-free packaging"
        issuer="Plastic Free Org"
        expiresAt="2026-02-01T00:00:00Z"
      />
    </Flex>
  ),
};

export const LongContent: Story = {
  args: {
    claim: '100% renewable electricity across every warehouse and fulfilment partner in Europe',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 260 }}>
        <Story />
      </div>
    ),
  ],
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button'));
    await screen.findByRole('dialog');
  },
};

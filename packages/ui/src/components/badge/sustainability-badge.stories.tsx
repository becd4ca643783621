import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '@radix-ui/themes';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { SustainabilityBadge } from './sustainability-badge.tsx';

const now = new Date('2026-06-01T00:00:00Z');

const meta = {
  title: 'Data display/SustainabilityBadge',
  component: SustainabilityBadge,
  args: {
    claim: 'Carbon neutral shipping',
    issuer: 'Climate Partner',
    expiresAt: '2027-03-03T00:00:00Z',
    now,
    claimType: 'carbon-neutral',
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
    // The drawer names the claim type and draws its seal.
    await expect(panel).toHaveTextContent('Carbon neutral');
    await expect(panel.querySelector('[data-glyph="seal"]')).not.toBeNull();
  },
};

/** The evidence drawer, open, with further details. */
export const EvidenceDrawer: Story = {
  args: {
    details: 'Covers every parcel shipped from the EU warehouses: 14.2 t CO2e offset in 2026.',
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button'));
    const panel = await screen.findByRole('dialog', {
      name: 'Evidence for Carbon neutral shipping',
    });
    await expect(panel).toHaveTextContent('14.2 t CO2e');
    await expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  },
};

/** Each claim type has its icon: leaves for materials, seals for certifications, cycles, tools. */
export const ClaimTypes: Story = {
  render: (args) => (
    <Flex gap="2" wrap="wrap">
      <SustainabilityBadge {...args} claim="Organic cotton" claimType="organic" />
      <SustainabilityBadge {...args} claim="B Corp certified" claimType="b-corp" />
      <SustainabilityBadge {...args} claim="Refillable bottle" claimType="refillable" />
      <SustainabilityBadge {...args} claim="Repairable for life" claimType="repairable" />
    </Flex>
  ),
  play: async ({ canvasElement }) => {
    const glyphs = Array.from(canvasElement.querySelectorAll('[data-slot="sustainability-icon"]'));
    await expect(glyphs.map((g) => g.getAttribute('data-glyph'))).toEqual([
      'leaf',
      'seal',
      'cycle',
      'tool',
    ]);
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
    claimType: 'fair-trade',
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
    claimType: 'plastic-free',
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

export const WithoutExpiryDate: Story = {
  args: { expiresAt: null },
  play: async ({ canvas }) => {
    // A certificate without an end date reads as verified, and the drawer says it does not end.
    const badge = canvas.getByRole('button');
    await expect(badge).toHaveAttribute('data-status', 'valid');
    await userEvent.click(badge);
    await expect(await screen.findByRole('dialog')).toHaveTextContent('No expiry date');
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
        claimType="b-corp"
        issuer="B Lab"
        expiresAt="2028-01-01T00:00:00Z"
      />
      <SustainabilityBadge
        {...args}
        claim="Fair Trade cotton"
        claimType="fair-trade"
        issuer="Fairtrade International"
        expiresAt="2026-06-20T00:00:00Z"
      />
      <SustainabilityBadge
        {...args}
        claim="Plastic-free packaging"
        claimType="plastic-free"
        issuer="Plastic Free Org"
        expiresAt="2026-02-01T00:00:00Z"
      />
    </Flex>
  ),
};

/** Whether the claim shows in full: not cut short, over more lines than one. */
async function expectWrappedInFull(badge: HTMLElement) {
  const text = badge.querySelector<HTMLElement>('.vd-sustainability-badge__claim')!;
  await expect(getComputedStyle(text).textOverflow).not.toBe('ellipsis');
  await expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth);
  const line = Number.parseFloat(getComputedStyle(text).lineHeight);
  await expect(text.getBoundingClientRect().height).toBeGreaterThan(line * 1.5);
  // The badge stays inside its column.
  const column = badge.parentElement!.getBoundingClientRect();
  await expect(badge.getBoundingClientRect().right).toBeLessThanOrEqual(column.right + 0.5);
}

/** A long claim wraps inside its column: the claim is the selling point, never cut short. */
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
  play: async ({ canvas }) => {
    await expectWrappedInFull(
      canvas.getByRole('button', {
        name: /^100% renewable electricity across every warehouse and fulfilment partner in Europe, verified/,
      }),
    );
  },
};

/** The small badge of a product card, in a narrow card: the claim wraps there too. */
export const SmallLongContent: Story = {
  args: {
    size: '1',
    claim: 'Coffee, tea and spices are Fairtrade certified.',
    claimType: 'fair-trade',
    issuer: 'Fairtrade International',
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 200 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    await expectWrappedInFull(
      canvas.getByRole('button', { name: /^Coffee, tea and spices are Fairtrade certified\./ }),
    );
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button'));
    await screen.findByRole('dialog');
  },
};

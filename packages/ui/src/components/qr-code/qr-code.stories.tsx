import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card, Flex, Text } from '@radix-ui/themes';
import { expect } from 'storybook/test';
import { QRCode } from './qr-code.tsx';

const meta = {
  title: 'Data display/QRCode',
  component: QRCode,
  args: {
    value: 'https://verdant.example/go/SPRING24',
    label: 'QR code for your Spring campaign link',
  },
} satisfies Meta<typeof QRCode>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const code = canvas.getByRole('img', { name: 'QR code for your Spring campaign link' });
    await expect(code.tagName.toLowerCase()).toBe('svg');
    await expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
  },
};

export const DefaultLabel: Story = {
  args: { label: undefined },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('img', { name: 'QR code for https://verdant.example/go/SPRING24' }),
    ).toBeInTheDocument();
  },
};

export const Large: Story = { args: { size: 280, errorCorrection: 'H' } };

export const PlainForPrint: Story = { args: { frame: 'plain', size: 120 } };

export const LongContent: Story = {
  args: {
    value:
      'https://verdant.example/vendor-one-sheet?program=solar-living-spring-collection&utm_source=print&utm_medium=one-sheet&utm_campaign=trade-fair-2026',
    label: 'QR code for the Solar Living vendor one-sheet',
  },
};

export const OnACard: Story = {
  render: (args) => (
    <Card style={{ maxWidth: 260 }}>
      <Flex direction="column" align="center" gap="3">
        <QRCode {...args} size={180} />
        <Text size="2" color="gray" align="center">
          Scan to open your storefront
        </Text>
      </Flex>
    </Card>
  ),
};

export const NarrowViewport: Story = {
  args: { size: 400 },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

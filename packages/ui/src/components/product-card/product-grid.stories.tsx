import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { productImage } from '../../test/story-images.ts';
import { EmptyState } from '../empty-state/index.ts';
import { ProductCard } from './product-card.tsx';
import { ProductGrid } from './product-grid.tsx';

const meta = {
  title: 'Commerce/ProductGrid',
  component: ProductGrid,
  args: { 'aria-label': 'Products' },
} satisfies Meta<typeof ProductGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

const products = [
  {
    name: 'Refillable glass cleaning bottle',
    hue: 150,
    shape: 'bottle',
    cents: 2499,
    co2e: 1240,
    attrs: ['refillable', 'plastic-free'],
  },
  {
    name: 'Organic cotton tote',
    hue: 30,
    shape: 'bag',
    cents: 1800,
    co2e: 640,
    attrs: ['organic', 'fair-trade'],
  },
  {
    name: 'Solar camping lantern',
    hue: 200,
    shape: 'lamp',
    cents: 5900,
    co2e: 4300,
    attrs: ['repairable', 'recycled', 'b-corp'],
  },
  {
    name: 'Bamboo toothbrush set',
    hue: 100,
    shape: 'bottle',
    cents: 900,
    co2e: 210,
    attrs: ['biodegradable', 'vegan'],
  },
] as const;

export const Default: Story = {
  render: (args) => (
    <ProductGrid {...args}>
      {products.map((p) => (
        <ProductCard
          key={p.name}
          name={p.name}
          merchant="Oak & Ocean"
          imageSrc={productImage(p.hue, p.shape)}
          priceCents={p.cents}
          currency="USD"
          locale="en-US"
          attributes={p.attrs}
          co2eGrams={p.co2e}
          link={<a href={`#${p.name}`}>{p.name}</a>}
        />
      ))}
    </ProductGrid>
  ),
  play: async ({ canvas }) => {
    const grid = canvas.getByRole('list', { name: 'Products' });
    await expect(grid.querySelectorAll(':scope > li')).toHaveLength(4);
  },
};

export const Loading: Story = {
  args: { loading: true, loadingCount: 4 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Products' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const Empty: Story = {
  args: {
    empty: <EmptyState title="No products yet" description="Products you add show up here." />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No products yet' })).toBeVisible();
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const NarrowViewport: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

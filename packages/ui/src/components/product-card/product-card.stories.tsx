import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { SustainabilityBadge } from '../badge/index.ts';
import { Button } from '../button/index.ts';
import { productImage } from '../../test/story-images.ts';
import { ProductCard } from './product-card.tsx';

const meta = {
  title: 'Commerce/ProductCard',
  component: ProductCard,
  args: {
    name: 'Refillable glass cleaning bottle',
    merchant: 'Oak & Ocean',
    imageSrc: productImage(150),
    priceCents: 2499,
    currency: 'USD',
    locale: 'en-US',
    attributes: ['refillable', 'plastic-free', 'vegan', 'b-corp'],
    co2eGrams: 1240,
    co2eSource: 'Supplier life-cycle assessment, 2026',
  },
  decorators: [(Story) => <div style={{ maxWidth: 280 }}>{Story()}</div>],
} satisfies Meta<typeof ProductCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByRole('heading', { name: 'Refillable glass cleaning bottle' }),
    ).toBeVisible();
    await expect(canvas.getByText('$24.99')).toBeVisible();
    await expect(canvas.getByText('1.2 kg CO2e')).toBeVisible();
    // The figure's source is in view beside it, never only for screen readers.
    await expect(canvas.getByText('Source: Supplier life-cycle assessment, 2026')).toBeVisible();
    await expect(canvas.queryByText('Sold out')).toBeNull();
    const attributes = canvas.getByRole('list', { name: 'Sustainability attributes' });
    await expect(within(attributes).getAllByRole('listitem')).toHaveLength(4);
    await expect(within(attributes).getByText('+1')).toBeVisible();
    // Below the fold by default: the image waits until it is near the viewport.
    const image = canvasElement.querySelector('img')!;
    await expect(image).toHaveAttribute('loading', 'lazy');
    await expect(image).not.toHaveAttribute('fetchpriority');
  },
};

/** One of the first cards a page shows (its largest paint): the image loads at once, first. */
/** Nothing left to buy: said beside the price, and read with it. */
export const SoldOut: Story = {
  args: { soldOut: true },
  play: async ({ canvas }) => {
    const price = canvas.getByText('$24.99');
    await expect(price).toHaveTextContent('$24.99, Sold out');
    await expect(canvas.getByText('Sold out')).toBeVisible();
  },
};

/** A long source keeps to two lines on screen; the whole is its title and is read in full. */
export const LongCo2eSource: Story = {
  args: {
    co2eSource:
      'Verdant estimate from product weight, packaging and material emission factors of the 2026 database, reviewed by the merchant',
  },
  play: async ({ canvas }) => {
    const source = canvas.getByText(/^Source: Verdant estimate/);
    await expect(source).toHaveAttribute(
      'title',
      expect.stringContaining('reviewed by the merchant'),
    );
    const lineHeight = Number.parseFloat(getComputedStyle(source).lineHeight);
    await expect(source.getBoundingClientRect().height).toBeLessThanOrEqual(lineHeight * 2 + 1);
  },
};

export const PriorityImage: Story = {
  args: { imagePriority: true },
  play: async ({ canvasElement }) => {
    const image = canvasElement.querySelector('img')!;
    await expect(image).toHaveAttribute('loading', 'eager');
    await expect(image).toHaveAttribute('fetchpriority', 'high');
  },
};

export const Linked: Story = {
  args: { link: <a href="#product-refillable-bottle">Refillable glass cleaning bottle</a> },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Refillable glass cleaning bottle' });
    await expect(link).toHaveAttribute('href', '#product-refillable-bottle');
    await userEvent.tab();
    await expect(link).toHaveFocus();
  },
};

const onAdd = fn();

export const WithClaimsAndAction: Story = {
  args: {
    link: <a href="#product">Refillable glass cleaning bottle</a>,
    claims: (
      <SustainabilityBadge
        size="1"
        claim="Carbon neutral shipping"
        issuer="Climate Partner"
        expiresAt="2027-06-30"
        now={new Date('2026-11-01')}
      />
    ),
    action: (
      <Button fullWidth size="sm" onClick={onAdd}>
        Add to cart
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add to cart' }));
    await expect(onAdd).toHaveBeenCalledTimes(1);
    await expect(
      canvas.getByRole('button', { name: /Carbon neutral shipping, verified/ }),
    ).toBeVisible();
  },
};

/**
 * The claims about the product, and apart from them, under their heading, the merchant's claims
 * about its whole company. Long claims wrap inside the card.
 */
export const ProductAndMerchantClaims: Story = {
  args: {
    name: 'Fair-Trade Coffee Beans, 500 g',
    merchant: 'Sprout & Sage Kitchen',
    link: <a href="#coffee">Fair-Trade Coffee Beans, 500 g</a>,
    attributes: ['fair-trade', 'organic'],
    claims: (
      <SustainabilityBadge
        size="1"
        claim="Coffee, tea and spices are Fairtrade certified."
        claimType="fair-trade"
        issuer="Fairtrade International"
        expiresAt="2028-03-01"
        now={new Date('2026-11-01')}
      />
    ),
    merchantClaims: (
      <>
        <SustainabilityBadge
          size="1"
          claim="Organic ingredients only."
          claimType="organic"
          issuer="Soil Association"
          expiresAt="2028-06-01"
          now={new Date('2026-11-01')}
        />
        <SustainabilityBadge
          size="1"
          claim="Every parcel ships in paper or tins, never in plastic."
          claimType="plastic-free"
          issuer="Sprout & Sage Kitchen"
          now={new Date('2026-11-01')}
        />
      </>
    ),
  },
  play: async ({ canvas }) => {
    const own = canvas.getByRole('group', { name: 'Verified claims about this product' });
    await expect(
      within(own).getByRole('button', {
        name: /^Coffee, tea and spices are Fairtrade certified\./,
      }),
    ).toBeVisible();
    const company = canvas.getByRole('group', {
      name: 'About Sprout & Sage Kitchen: verified claims',
    });
    await expect(within(company).getAllByRole('button')).toHaveLength(2);
    await expect(within(own).queryByRole('button', { name: /Organic ingredients/ })).toBeNull();
    // Every claim shows in full inside the card: wrapped, never cut short.
    const card = canvas.getByRole('article').getBoundingClientRect();
    for (const badge of canvas.getAllByRole('button', { name: /Show evidence$/ })) {
      const text = badge.querySelector<HTMLElement>('.vd-sustainability-badge__claim')!;
      await expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth);
      await expect(badge.getBoundingClientRect().right).toBeLessThanOrEqual(card.right);
    }
  },
};

export const NoImageNoFootprint: Story = {
  args: { imageSrc: undefined, co2eGrams: null, attributes: [], merchant: undefined },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="product-card-co2e"]')).toBeNull();
  },
};

export const OtherCurrency: Story = {
  args: { priceCents: 189900, currency: 'EUR', locale: 'de-DE', co2eGrams: 48_600 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1.899,00 €')).toBeVisible();
    await expect(canvas.getByText('49 kg CO2e')).toBeVisible();
  },
};

export const LongName: Story = {
  args: {
    name: 'Organic cotton tote bag with reinforced handles, natural undyed canvas, extra large family size',
    imageSrc: productImage(30, 'bag'),
  },
};

export const Horizontal: Story = {
  args: { layout: 'horizontal' },
  decorators: [(Story) => <div style={{ maxWidth: 520 }}>{Story()}</div>],
};

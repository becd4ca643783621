import type { Meta, StoryObj } from '@storybook/react-vite';
import { Link } from '@radix-ui/themes';
import { ChevronLeftIcon, PlusIcon } from '@radix-ui/react-icons';
import { expect, fn, userEvent } from 'storybook/test';
import { Badge } from '../badge/index.ts';
import { Button } from '../button/index.ts';
import { PageHeader } from './page-header.tsx';

const onCreate = fn();

const meta = {
  title: 'Layout/PageHeader',
  component: PageHeader,
  args: {
    title: 'Affiliate links',
    description: 'Every link you share, with its clicks, sales and earnings.',
    actions: (
      <Button onClick={onCreate}>
        <PlusIcon aria-hidden />
        Create link
      </Button>
    ),
  },
} satisfies Meta<typeof PageHeader>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Affiliate links' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Create link' })).toBeInTheDocument();
  },
};

export const ActionClicked: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Create link' }));
    await expect(onCreate).toHaveBeenCalled();
  },
};

export const WithBreadcrumbAndMeta: Story = {
  args: {
    title: 'Solar Living',
    description: 'Merchant program · 8% commission · 30-day cookie',
    breadcrumbs: (
      <Link href="#programs" size="2" color="gray">
        <ChevronLeftIcon aria-hidden style={{ verticalAlign: 'middle' }} /> Programs
      </Link>
    ),
    meta: <Badge tone="success">Approved</Badge>,
    divider: true,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' })).toContainElement(
      canvas.getByRole('link', { name: 'Programs' }),
    );
  },
};

export const TitleOnly: Story = { args: { description: undefined, actions: undefined } };

export const LongContent: Story = {
  args: {
    title:
      'Refill Republic — Zero-waste household essentials for the European market, spring collection',
    description:
      'Commission is paid on every completed order that is not refunded within the merchant’s 30-day return window. Payouts are made monthly once your balance exceeds the payout threshold.',
    actions: (
      <>
        <Button variant="secondary">Share</Button>
        <Button>Create link</Button>
      </>
    ),
  },
};

export const NarrowViewport: Story = {
  args: LongContent.args,
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../button/index.ts';
import { NotFoundPage } from './not-found-page.tsx';

const meta = {
  title: 'Feedback/NotFoundPage',
  component: NotFoundPage,
  parameters: { layout: 'fullscreen' },
  args: {
    actions: (
      <>
        <Button asChild>
          <a href="#home">Go to the home page</a>
        </Button>
        <Button asChild variant="secondary">
          <a href="#help">Visit help</a>
        </Button>
      </>
    ),
  },
} satisfies Meta<typeof NotFoundPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('main')).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(canvas.getByText('Error 404')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Verdant' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      '#home',
    );
  },
};

/** The tracked-link variant (`/go/{code}` with an unknown code). */
export const UnknownLink: Story = {
  args: {
    title: 'This link does not exist',
    description: 'The link may have been mistyped, or its creator turned it off.',
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

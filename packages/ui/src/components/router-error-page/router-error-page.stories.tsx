import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../button/index.ts';
import { RouterErrorPage } from './router-error-page.tsx';

const meta = {
  title: 'Feedback/RouterErrorPage',
  component: RouterErrorPage,
  parameters: { layout: 'fullscreen' },
  args: { error: { status: 404, statusText: 'Not Found', data: 'No route matches /vendr' } },
} satisfies Meta<typeof RouterErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const StatusLine: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Unexpected Application Error!',
    );
    await expect(canvas.getByText('404 Not Found')).toBeInTheDocument();
  },
};

const thrown = new Error('Cannot read properties of undefined (reading "commission")');
thrown.stack =
  'Error: Cannot read properties of undefined (reading "commission")\n    at EarningsChart (earnings-chart.tsx:42:18)\n    at renderWithHooks (react-dom.js:11:2)';

/** Outside development a thrown error shows its message, never the stack trace. */
export const ThrownError: Story = {
  args: { error: thrown },
  play: async ({ canvas, canvasElement }) => {
    await expect(
      canvas.getByText(/reading "commission"\)$/, { selector: 'p' }),
    ).toBeInTheDocument();
    await expect(canvasElement).not.toHaveTextContent('earnings-chart.tsx');
    await expect(canvas.getByRole('img', { name: 'Verdant' })).toBeInTheDocument();
  },
};

/** In development (`showStack`), the stack trace helps the developer. */
export const ThrownErrorInDevelopment: Story = {
  args: { error: thrown, showStack: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/at EarningsChart/)).toBeInTheDocument();
  },
};

export const WithAction: Story = {
  args: {
    children: (
      <Button asChild variant="secondary" style={{ alignSelf: 'start' }}>
        <a href="/">Back to home</a>
      </Button>
    ),
  },
};

export const NarrowViewport: Story = {
  args: { error: thrown },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

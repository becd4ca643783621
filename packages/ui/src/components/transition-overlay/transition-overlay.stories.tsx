import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex, Text } from '@radix-ui/themes';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/index.ts';
import { TransitionOverlay, useTransitionOverlay } from './transition-overlay.tsx';

/** What an app does: start the overlay on each navigation; it hides itself after 1000 ms. */
function NavigationDemo() {
  const overlay = useTransitionOverlay();
  return (
    <Flex direction="column" gap="3" align="start">
      <Button onClick={overlay.start}>Go to dashboard</Button>
      <Text size="2" color="gray">
        State: <span data-testid="state">{overlay.state}</span>
      </Text>
      <TransitionOverlay open={overlay.visible} />
    </Flex>
  );
}

const meta = {
  title: 'Feedback/TransitionOverlay',
  component: TransitionOverlay,
  args: { open: true },
  // Docs render each story in its own frame, so open overlays do not cover the docs page.
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, iframeHeight: 480 } } },
} satisfies Meta<typeof TransitionOverlay>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {
  play: async () => {
    await expect(screen.getByText('Verdant')).toBeVisible();
    await expect(screen.getByText('Sustainable Affiliate Marketing')).toBeVisible();
    await expect(screen.getByRole('status')).toHaveTextContent('Loading page');
  },
};

export const Hidden: Story = {
  args: { open: false },
  play: async () => {
    await expect(screen.queryByText('Sustainable Affiliate Marketing')).toBeNull();
    await expect(screen.getByRole('status')).toBeEmptyDOMElement();
  },
};

export const HidesAfterOneSecond: Story = {
  render: () => <NavigationDemo />,
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('state')).toHaveTextContent('idle');
    const started = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to dashboard' }));
    await expect(canvas.getByTestId('state')).toHaveTextContent('started');
    await expect(screen.getByText('Sustainable Affiliate Marketing')).toBeVisible();
    await waitFor(() => expect(canvas.getByTestId('state')).toHaveTextContent('idle'), {
      timeout: 2000,
    });
    await expect(performance.now() - started).toBeGreaterThanOrEqual(1000);
    await expect(screen.queryByText('Sustainable Affiliate Marketing')).toBeNull();
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

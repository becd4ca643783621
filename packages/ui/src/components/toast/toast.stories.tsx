import type { Meta, StoryObj } from '@storybook/react-vite';
import { Flex } from '@radix-ui/themes';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../button/index.ts';
import { toast, type ToastOptions } from './toast-store.ts';

/** Toasts render in the Toaster that Storybook's preview mounts, as the apps do once at the root. */
function ToastDemo(props: ToastOptions & { label?: string }) {
  const { label = 'Show toast', ...options } = props;
  return (
    <Button variant="secondary" onClick={() => toast(options)}>
      {label}
    </Button>
  );
}

const meta = {
  title: 'Feedback/Toast',
  component: ToastDemo,
  args: {
    title: 'Link copied',
    description: 'Share it anywhere: clicks are tracked for 30 days.',
    variant: 'default',
  },
  argTypes: { variant: { control: 'inline-radio', options: ['default', 'destructive'] } },
  beforeEach: () => () => toast.dismiss(),
} satisfies Meta<typeof ToastDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The open toasts (Radix also renders a visually hidden status region to announce them). */
const openToasts = () =>
  Array.from(document.querySelectorAll<HTMLElement>('[data-slot="toast"][data-state="open"]'));

async function show(canvasElement: HTMLElement, label = 'Show toast') {
  await userEvent.click(within(canvasElement).getByRole('button', { name: label }));
  await waitFor(() => expect(openToasts()).toHaveLength(1));
  return openToasts()[0]!;
}

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const status = await show(canvasElement);
    await expect(status).toHaveTextContent('Link copied');
    await expect(status).toHaveTextContent('clicks are tracked');
    // A screen reader hears "Notification" and the toast, never the region's label template; the
    // region is named with its real shortcut.
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .some((el) => /^Notification\s*Link copied/.test(el.textContent ?? '')),
      ).toBe(true),
    );
    await expect(document.body).not.toHaveTextContent('{hotkey}');
    await expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeInTheDocument();
  },
};

export const Destructive: Story = {
  args: { variant: 'destructive', title: 'Payment failed', description: 'Your card was declined.' },
  play: async ({ canvasElement }) => {
    const toastElement = await show(canvasElement);
    await expect(toastElement).toHaveAttribute('data-variant', 'destructive');
    await expect(toastElement).toHaveTextContent('Payment failed');
  },
};

export const WithAction: Story = {
  args: {
    title: 'Product archived',
    description: 'It no longer appears in storefronts.',
    action: { label: 'Undo', altText: 'Restore the product from the archive page', onClick: fn() },
  },
  play: async ({ canvasElement, args }) => {
    await show(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await expect(args.action?.onClick).toHaveBeenCalledTimes(1);
  },
};

export const CloseButton: Story = {
  play: async ({ canvasElement }) => {
    await show(canvasElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(openToasts()).toHaveLength(0));
  },
};

async function swipeRight(element: HTMLElement, distance: number) {
  const { left, top, height } = element.getBoundingClientRect();
  const y = top + height / 2;
  const x = left + 40;
  await userEvent.pointer([
    { keys: '[MouseLeft>]', target: element, coords: { clientX: x, clientY: y } },
    { target: element, coords: { clientX: x + distance / 2, clientY: y } },
    { target: element, coords: { clientX: x + distance, clientY: y } },
    { keys: '[/MouseLeft]', target: element, coords: { clientX: x + distance, clientY: y } },
  ]);
}

export const SwipeToDismiss: Story = {
  play: async ({ canvasElement }) => {
    // A swipe just short of the 50 px threshold snaps back…
    await swipeRight(await show(canvasElement), 45);
    await expect(openToasts()).toHaveLength(1);
    // …a swipe just past it dismisses the toast.
    await swipeRight(openToasts()[0]!, 60);
    await waitFor(() => expect(openToasts()).toHaveLength(0));
  },
};

export const OneAtATime: Story = {
  render: () => (
    <Flex gap="3">
      <ToastDemo label="First" title="First toast" />
      <ToastDemo label="Second" title="Second toast" />
    </Flex>
  ),
  play: async ({ canvasElement }) => {
    await show(canvasElement, 'First');
    await show(canvasElement, 'Second');
    await expect(openToasts()).toHaveLength(1);
    await expect(openToasts()[0]).toHaveTextContent('Second toast');
  },
};

export const LongContent: Story = {
  args: {
    title: 'Commission report ready',
    description:
      'Your monthly commission report covering 1,284 attributed orders across 37 storefronts and 12 programmes is ready to download from the earnings page.',
  },
  play: async ({ canvasElement }) => {
    await expect(await show(canvasElement)).toHaveTextContent('ready to download');
  },
};

export const NarrowViewportAtBottom: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const viewport = (await show(canvasElement)).closest('ol');
    await expect(viewport).not.toBeNull();
    // Small screens: the toast area spans the bottom, away from the top of the content where an
    // action moves the focus, and only the toasts take the pointer: the room around them lets
    // clicks through to the page.
    const rect = viewport!.getBoundingClientRect();
    await expect(rect.bottom).toBe(window.innerHeight);
    await expect(rect.left).toBe(0);
    await expect(rect.right).toBe(window.innerWidth);
    await expect(getComputedStyle(viewport!).pointerEvents).toBe('none');
    await expect(getComputedStyle(openToasts()[0]!).pointerEvents).toBe('auto');
    // …and each toast fits the screen's width.
    await expect(openToasts()[0]!.getBoundingClientRect().right).toBeLessThanOrEqual(
      window.innerWidth,
    );
  },
};

export const BottomRightFromMedium: Story = {
  play: async ({ canvasElement }) => {
    const rect = (await show(canvasElement)).closest('ol')!.getBoundingClientRect();
    await expect(rect.bottom).toBe(window.innerHeight);
    await expect(rect.right).toBe(window.innerWidth);
    await expect(rect.width).toBeLessThanOrEqual(420);
  },
};

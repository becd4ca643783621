import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../button/index.ts';
import { Stepper, type StepperStep } from './stepper.tsx';

const steps: StepperStep[] = [
  { id: 'company', label: 'Company', description: 'Name and website' },
  { id: 'evidence', label: 'Sustainability evidence', description: 'Certificates and claims' },
  { id: 'program', label: 'Affiliate program', description: 'Commission and cookie window' },
  { id: 'payouts', label: 'Payouts', description: 'Connect your bank' },
];

const meta = {
  title: 'Navigation/Stepper',
  component: Stepper,
  args: { steps, current: 1, 'aria-label': 'Vendor onboarding' },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Vendor onboarding' });
    const items = nav.querySelectorAll('li');
    await expect(items).toHaveLength(4);
    await expect(items[1]).toHaveAttribute('aria-current', 'step');
    await expect(items[0]).toHaveTextContent('step 1 of 4, completed');
    await expect(items[2]).toHaveTextContent('step 3 of 4, not started');
  },
};

export const Vertical: Story = { args: { orientation: 'vertical', current: 2 } };

export const FirstStep: Story = { args: { current: 0 } };

export const AllComplete: Story = { args: { current: steps.length } };

const onStepClick = fn();

/** Completed steps become buttons that go back; upcoming steps cannot be skipped to. */
export const BackToCompletedSteps: Story = {
  args: { current: 2, onStepClick },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: /Company/ }));
    await expect(onStepClick).toHaveBeenCalledWith(0, steps[0]);
  },
};

/**
 * Each step tells its own state (its work saved or not), whichever step is open: gone back to the
 * first step, the later ones already done stay complete, and the open one says it is done too.
 */
export const CompleteFromSavedData: Story = {
  args: {
    current: 0,
    steps: steps.map((step, index) => ({ ...step, complete: index !== 2 })),
  },
  play: async ({ canvas }) => {
    const items = canvas.getByRole('navigation').querySelectorAll('li');
    await expect(items[0]).toHaveAttribute('aria-current', 'step');
    await expect(items[0]).toHaveTextContent('step 1 of 4, current step, completed');
    await expect(items[1]).toHaveTextContent('step 2 of 4, completed');
    await expect(items[2]).toHaveTextContent('step 3 of 4, not started');
    await expect(items[3]).toHaveTextContent('step 4 of 4, completed');
    await expect(items[3]).toHaveAttribute('data-state', 'complete');
  },
};

const onReachedStepClick = fn();

/**
 * Gone back to an earlier step, the user may open any step already reached (`reached`) or
 * complete; a later step still to do stays closed.
 */
export const OpenAnyReachedStep: Story = {
  args: {
    current: 0,
    reached: 2,
    onStepClick: onReachedStepClick,
    steps: steps.map((step, index) => ({ ...step, complete: index < 2 })),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(2);
    await expect(canvas.queryByRole('button', { name: /Payouts/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /Affiliate program/ }));
    await expect(onReachedStepClick).toHaveBeenCalledWith(
      2,
      expect.objectContaining({ id: 'program' }),
    );
    await userEvent.click(canvas.getByRole('button', { name: /Sustainability evidence/ }));
    await expect(onReachedStepClick).toHaveBeenCalledWith(
      1,
      expect.objectContaining({ id: 'evidence' }),
    );
  },
};

export const Interactive: Story = {
  render: function Render(args) {
    const [current, setCurrent] = useState(0);
    return (
      <div style={{ display: 'grid', gap: 24 }}>
        <Stepper {...args} current={current} onStepClick={(index) => setCurrent(index)} />
        <div style={{ display: 'flex', gap: 8 }}>
          <Button variant="secondary" onClick={() => setCurrent((c) => Math.max(0, c - 1))}>
            Back
          </Button>
          <Button onClick={() => setCurrent((c) => Math.min(steps.length, c + 1))}>Continue</Button>
        </div>
      </div>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    const items = canvas.getByRole('navigation').querySelectorAll('li');
    await expect(items[2]).toHaveAttribute('aria-current', 'step');
    await userEvent.click(canvas.getByRole('button', { name: /Company/ }));
    await expect(items[0]).toHaveAttribute('aria-current', 'step');
  },
};

export const NarrowViewport: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
};

/** Seven steps on a phone: the current step's long label is hyphenated, not cut mid-word. */
export const ManyStepsNarrow: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  decorators: [
    (Story) => (
      <div lang="en">
        <Story />
      </div>
    ),
  ],
  args: {
    current: 3,
    steps: [
      { id: 'company', label: 'Company' },
      { id: 'website', label: 'Website' },
      { id: 'description', label: 'Description' },
      { id: 'statement', label: 'Sustainability statement' },
      { id: 'claims', label: 'Claims and evidence' },
      { id: 'payouts', label: 'Payout details' },
      { id: 'review', label: 'Review' },
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    // Every marker is on screen.
    const steps = canvas.getAllByRole('listitem');
    await expect(steps).toHaveLength(7);
    const right = canvasElement.ownerDocument.documentElement.clientWidth;
    for (const step of steps)
      await expect(step.getBoundingClientRect().right).toBeLessThanOrEqual(right);
    // The current label wraps between words: its long word stays on one line.
    const label = canvas.getByText('Sustainability statement');
    const word = document.createRange();
    word.setStart(label.firstChild!, 0);
    word.setEnd(label.firstChild!, 'Sustainability'.length);
    await expect(word.getClientRects()).toHaveLength(1);
    await expect(label.scrollWidth).toBeLessThanOrEqual(label.clientWidth);
  },
};

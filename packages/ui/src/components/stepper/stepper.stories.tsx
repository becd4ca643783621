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

import * as React from 'react';
import { CheckIcon } from '@radix-ui/react-icons';
import { cva, type VariantProps } from 'class-variance-authority';

export const stepperVariants = cva('vd-stepper', {
  variants: {
    orientation: { horizontal: 'vd-stepper--horizontal', vertical: 'vd-stepper--vertical' },
  },
  defaultVariants: { orientation: 'horizontal' },
});

export interface StepperStep {
  /** Stable key of the step. */
  id: string;
  label: React.ReactNode;
  description?: React.ReactNode;
}

export type StepState = 'complete' | 'current' | 'upcoming';

export interface StepperProps
  extends
    Omit<React.ComponentPropsWithoutRef<'nav'>, 'onChange'>,
    VariantProps<typeof stepperVariants> {
  steps: readonly StepperStep[];
  /** Index (0-based) of the step the user is on. Steps before it are complete. */
  current: number;
  /**
   * Makes completed steps buttons that go back to them. Upcoming steps are never clickable, so a
   * user cannot skip ahead of validation.
   */
  onStepClick?: (index: number, step: StepperStep) => void;
  /** Name of the navigation landmark. Defaults to "Progress". */
  'aria-label'?: string;
}

export function stepState(index: number, current: number): StepState {
  if (index < current) return 'complete';
  return index === current ? 'current' : 'upcoming';
}

const stateText: Record<StepState, string> = {
  complete: 'completed',
  current: 'current step',
  upcoming: 'not started',
};

/** Onboarding progress: numbered steps, the current one highlighted, completed ones checked. */
export const Stepper = React.forwardRef<HTMLElement, StepperProps>(function Stepper(
  {
    steps,
    current,
    onStepClick,
    orientation,
    className,
    'aria-label': ariaLabel = 'Progress',
    ...rest
  },
  ref,
) {
  return (
    <nav
      ref={ref}
      aria-label={ariaLabel}
      data-slot="stepper"
      className={stepperVariants({ orientation, className })}
      {...rest}
    >
      <ol className="vd-stepper__list">
        {steps.map((step, index) => {
          const state = stepState(index, current);
          const marker = (
            <span className="vd-stepper__marker" aria-hidden>
              {state === 'complete' ? <CheckIcon /> : index + 1}
            </span>
          );
          const body = (
            <span className="vd-stepper__text">
              <span className="vd-stepper__label">{step.label}</span>
              {step.description ? (
                <span className="vd-stepper__description">{step.description}</span>
              ) : null}
              <span className="vd-visually-hidden">
                {`, step ${index + 1} of ${steps.length}, ${stateText[state]}`}
              </span>
            </span>
          );
          return (
            <li
              key={step.id}
              className="vd-stepper__step"
              data-state={state}
              data-slot="stepper-step"
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {onStepClick && state === 'complete' ? (
                <button
                  type="button"
                  className="vd-stepper__button"
                  onClick={() => onStepClick(index, step)}
                >
                  {marker}
                  {body}
                </button>
              ) : (
                <span className="vd-stepper__button">
                  {marker}
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
});

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
  /**
   * Whether the step's work is done (saved, say), told whatever step is current: a user who goes
   * back to an earlier step still sees the later ones they finished as complete. Omitted, a step
   * is complete when it comes before `current`.
   */
  complete?: boolean;
}

export type StepState = 'complete' | 'current' | 'upcoming';

export interface StepperProps
  extends
    Omit<React.ComponentPropsWithoutRef<'nav'>, 'onChange'>,
    VariantProps<typeof stepperVariants> {
  steps: readonly StepperStep[];
  /**
   * Index (0-based) of the step the user is on. Steps before it are complete unless they say
   * otherwise (`StepperStep.complete`).
   */
  current: number;
  /**
   * Index of the furthest step the user has reached (the first one still to do, say). With
   * `onStepClick`, every step up to it opens, as does every complete step. Defaults to `current`.
   */
  reached?: number;
  /**
   * Makes the steps the user may open buttons: complete steps and those up to `reached`. Later
   * steps are never clickable, so a user cannot skip ahead of validation.
   */
  onStepClick?: (index: number, step: StepperStep) => void;
  /** Name of the navigation landmark. Defaults to "Progress". */
  'aria-label'?: string;
}

/**
 * How a step shows: the current one as current, another as complete when its work is done
 * (`complete`, by default whether it comes before the current step), else as upcoming.
 */
export function stepState(index: number, current: number, complete = index < current): StepState {
  if (index === current) return 'current';
  return complete ? 'complete' : 'upcoming';
}

const stateText: Record<StepState, string> = {
  complete: 'completed',
  current: 'current step',
  upcoming: 'not started',
};

/**
 * Onboarding progress: numbered steps, the current one highlighted, completed ones checked. The
 * steps the user may open are buttons; moving the focus to what a click opens is the caller's.
 */
export const Stepper = React.forwardRef<HTMLElement, StepperProps>(function Stepper(
  {
    steps,
    current,
    reached = current,
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
          const complete = step.complete ?? index < current;
          const state = stepState(index, current, complete);
          // The current step says whether its work is already saved, too.
          const told =
            state === 'current' && complete ? 'current step, completed' : stateText[state];
          const opens =
            Boolean(onStepClick) && state !== 'current' && (complete || index <= reached);
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
                {`, step ${index + 1} of ${steps.length}, ${told}`}
              </span>
            </span>
          );
          return (
            <li
              key={step.id}
              className="vd-stepper__step"
              data-state={state}
              data-complete={complete ? '' : undefined}
              data-slot="stepper-step"
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {opens ? (
                <button
                  type="button"
                  className="vd-stepper__button"
                  onClick={() => onStepClick?.(index, step)}
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

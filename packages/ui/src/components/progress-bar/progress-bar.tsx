import * as React from 'react';
import { Progress } from 'radix-ui';
import { cva, type VariantProps } from 'class-variance-authority';

export const progressBarVariants = cva('vd-progress-bar', {
  variants: {
    size: { sm: 'vd-progress-bar--sm', md: 'vd-progress-bar--md', lg: 'vd-progress-bar--lg' },
    tone: {
      brand: 'vd-progress-bar--brand',
      success: 'vd-progress-bar--success',
      warning: 'vd-progress-bar--warning',
      danger: 'vd-progress-bar--danger',
    },
  },
  defaultVariants: { size: 'md', tone: 'brand' },
});

export interface ProgressBarProps
  extends
    Omit<React.ComponentPropsWithoutRef<'div'>, 'children'>,
    VariantProps<typeof progressBarVariants> {
  /** Progress so far; `null` shows an indeterminate bar (work started, amount unknown). */
  value: number | null;
  /** The value that means done. Defaults to 100. */
  max?: number;
  /** What is progressing, e.g. "Uploading product images". Shown above the bar and used as its name. */
  label: React.ReactNode;
  /** Hides the label visually (it still names the bar). */
  hideLabel?: boolean;
  /** Shows the value next to the label ("42%" by default). */
  showValue?: boolean;
  /** Formats the shown value and the bar's `aria-valuetext`. Defaults to a rounded percentage. */
  formatValue?: (value: number, max: number) => string;
}

const percent = (value: number, max: number) => `${Math.round((value / max) * 100)}%`;

function clamp(value: number, max: number) {
  if (!Number.isFinite(value)) return 0;
  return Math.min(Math.max(value, 0), max);
}

/** A labelled progress bar in the brand gradient (or a status tone), determinate or not. */
export const ProgressBar = React.forwardRef<HTMLDivElement, ProgressBarProps>(function ProgressBar(
  {
    value,
    max = 100,
    label,
    hideLabel = false,
    showValue = true,
    formatValue = percent,
    size,
    tone,
    className,
    ...rest
  },
  ref,
) {
  const labelId = React.useId();
  const safeMax = max > 0 ? max : 100;
  const current = value === null ? null : clamp(value, safeMax);
  const text = current === null ? undefined : formatValue(current, safeMax);
  return (
    <div
      ref={ref}
      data-slot="progress-bar"
      data-state={current === null ? 'indeterminate' : current >= safeMax ? 'complete' : 'loading'}
      className={progressBarVariants({ size, tone, className })}
      {...rest}
    >
      <div className={hideLabel ? 'vd-visually-hidden' : 'vd-progress-bar__header'}>
        <span id={labelId} className="vd-progress-bar__label" data-slot="progress-bar-label">
          {label}
        </span>
        {showValue && text !== undefined ? (
          <span className="vd-progress-bar__value" aria-hidden data-slot="progress-bar-value">
            {text}
          </span>
        ) : null}
      </div>
      <Progress.Root
        className="vd-progress-bar__track"
        value={current}
        max={safeMax}
        aria-labelledby={labelId}
        getValueLabel={(v, m) => formatValue(v, m)}
      >
        <Progress.Indicator
          className="vd-progress-bar__indicator"
          style={
            current === null
              ? undefined
              : { transform: `translateX(-${100 - (current / safeMax) * 100}%)` }
          }
        />
      </Progress.Root>
    </div>
  );
});

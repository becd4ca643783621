import * as React from 'react';
import { SegmentedControl as RadixSegmentedControl } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { useControllableState } from '../../utils/use-controllable-state.ts';

export const segmentedControlVariants = cva('vd-segmented-control', {
  variants: {
    size: {
      sm: 'vd-segmented-control--sm',
      md: 'vd-segmented-control--md',
      lg: 'vd-segmented-control--lg',
    },
    fullWidth: { true: 'vd-segmented-control--full-width', false: null },
  },
  defaultVariants: { size: 'md', fullWidth: false },
});

export interface SegmentedControlOption<V extends string = string> {
  value: V;
  label: React.ReactNode;
  /** Decorative icon before the label. */
  icon?: React.ReactNode;
}

type RootProps = React.ComponentPropsWithoutRef<typeof RadixSegmentedControl.Root>;

export interface SegmentedControlProps<V extends string = string>
  extends
    Omit<
      RootProps,
      'value' | 'defaultValue' | 'onValueChange' | 'size' | 'children' | 'variant' | 'color'
    >,
    VariantProps<typeof segmentedControlVariants> {
  options: readonly SegmentedControlOption<V>[];
  value?: V;
  defaultValue?: V;
  onValueChange?: (value: V) => void;
  /** Names the group, e.g. "Chart period". Required unless `aria-labelledby` is given. */
  'aria-label'?: string;
}

const sizeLooks = { sm: '1', md: '2', lg: '3' } as const;

/**
 * One choice out of two to five, shown side by side (e.g. Day / Week / Month). A radio group: the
 * arrow keys (and Home / End) move to an option and choose it; the active one carries the kit's
 * selection highlight.
 */
function SegmentedControlInner<V extends string>(
  {
    options,
    value,
    defaultValue,
    onValueChange,
    size,
    fullWidth,
    className,
    ...rest
  }: SegmentedControlProps<V>,
  ref: React.ForwardedRef<HTMLDivElement>,
) {
  const [current, setCurrent] = useControllableState<string>({
    prop: value,
    defaultProp: defaultValue ?? options[0]?.value ?? '',
    onChange: onValueChange as ((next: string) => void) | undefined,
    caller: 'SegmentedControl',
  });
  // Radix moves the focus with the arrow keys without choosing; a radio group chooses as it moves.
  const movedByKey = React.useRef(false);
  return (
    <RadixSegmentedControl.Root
      ref={ref}
      data-slot="segmented-control"
      size={sizeLooks[size ?? 'md']}
      value={current}
      // Choosing the chosen option again would clear the group: it keeps its choice.
      onValueChange={(next) => {
        if (next) setCurrent(next);
      }}
      className={segmentedControlVariants({ size, fullWidth, className })}
      {...rest}
      onKeyDownCapture={(event) => {
        rest.onKeyDownCapture?.(event);
        movedByKey.current = /^(Arrow(Left|Right|Up|Down)|Home|End)$/.test(event.key);
      }}
    >
      {options.map((option) => (
        <RadixSegmentedControl.Item
          key={option.value}
          value={option.value}
          data-slot="segmented-control-item"
          onFocus={() => {
            if (!movedByKey.current) return;
            movedByKey.current = false;
            if (option.value !== current) setCurrent(option.value);
          }}
        >
          <span className="vd-segmented-control__item">
            {option.icon ? (
              <span className="vd-segmented-control__icon" aria-hidden>
                {option.icon}
              </span>
            ) : null}
            {option.label}
          </span>
        </RadixSegmentedControl.Item>
      ))}
    </RadixSegmentedControl.Root>
  );
}

export const SegmentedControl = React.forwardRef(SegmentedControlInner) as <
  V extends string = string,
>(
  props: SegmentedControlProps<V> & { ref?: React.Ref<HTMLDivElement> },
) => React.ReactElement;

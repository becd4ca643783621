import { ChevronDownIcon } from '@radix-ui/react-icons';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../../utils/index.ts';
import { useFieldControl } from '../field/index.ts';
import type { SelectOption } from '../select/index.ts';

export const nativeSelectVariants = cva('vd-native-select', {
  variants: {
    size: {
      sm: 'vd-native-select--sm',
      md: 'vd-native-select--md',
      lg: 'vd-native-select--lg',
    },
    fullWidth: { true: 'vd-native-select--full-width', false: null },
  },
  defaultVariants: { size: 'md', fullWidth: true },
});

export interface NativeSelectProps
  extends
    Omit<ComponentPropsWithoutRef<'select'>, 'size' | 'children' | 'multiple'>,
    VariantProps<typeof nativeSelectVariants> {
  options: readonly SelectOption[];
  /** Shown, and not choosable, while nothing is selected (`value` or `defaultValue` of ''). */
  placeholder?: string;
}

/**
 * Pick one of a list with the browser's own select: the platform's list on phones, type-ahead and
 * the keyboard everywhere, and no positioning or focus-trap code to load. It looks like `Select`
 * (the same frame, sizes and dark list); use it where a page must stay light (first pages, filters),
 * `Select` where options need more than text. The ref and every select prop reach the `<select>`;
 * `className` and `style` style its frame. Inside a `Field` it is labelled and described
 * automatically.
 */
export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeSelect(
  { options, placeholder, size, fullWidth, className, style, ...props },
  ref,
) {
  const controlProps = useFieldControl(props);
  return (
    <span
      data-slot="native-select"
      className={cn(nativeSelectVariants({ size, fullWidth }), className)}
      style={style}
    >
      <select
        ref={ref}
        className="vd-native-select__control"
        {...(placeholder && props.value == null && props.defaultValue == null
          ? { defaultValue: '' }
          : null)}
        {...controlProps}
      >
        {placeholder ? (
          <option value="" disabled hidden data-placeholder="">
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon aria-hidden className="vd-native-select__icon" />
    </span>
  );
});

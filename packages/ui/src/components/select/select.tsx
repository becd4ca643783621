import { Select as RadixSelect } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../../utils/index.ts';
import { useFieldControl } from '../field/index.ts';

const sizeLooks = { sm: '1', md: '2', lg: '3' } as const;

export const selectVariants = cva('vd-select', {
  variants: {
    size: { sm: 'vd-select--sm', md: 'vd-select--md', lg: 'vd-select--lg' },
    fullWidth: { true: 'vd-select--full-width', false: null },
  },
  defaultVariants: { size: 'md', fullWidth: true },
});

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

type RootProps = ComponentPropsWithoutRef<typeof RadixSelect.Root>;

export interface SelectProps
  extends
    Omit<
      ComponentPropsWithoutRef<typeof RadixSelect.Trigger>,
      'children' | 'defaultValue' | 'value' | 'dir'
    >,
    VariantProps<typeof selectVariants>,
    Pick<
      RootProps,
      | 'value'
      | 'defaultValue'
      | 'onValueChange'
      | 'open'
      | 'defaultOpen'
      | 'onOpenChange'
      | 'name'
      | 'required'
      | 'disabled'
      | 'autoComplete'
    > {
  options: readonly SelectOption[];
}

/** Pick one of a list. The ref and the rest props reach the trigger button; the list is portalled and stays dark. */
export const Select = forwardRef<HTMLButtonElement, SelectProps>(function Select(
  {
    options,
    value,
    defaultValue,
    onValueChange,
    open,
    defaultOpen,
    onOpenChange,
    name,
    autoComplete,
    size,
    fullWidth,
    className,
    ...props
  },
  ref,
) {
  const { required, disabled, ...triggerProps } = useFieldControl(props);
  return (
    <RadixSelect.Root
      value={value}
      defaultValue={defaultValue}
      onValueChange={onValueChange}
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      name={name}
      autoComplete={autoComplete}
      required={required}
      disabled={disabled}
      size={sizeLooks[size ?? 'md']}
    >
      <RadixSelect.Trigger
        ref={ref}
        data-slot="select-trigger"
        className={cn(selectVariants({ size, fullWidth }), className)}
        {...triggerProps}
      />
      <RadixSelect.Content position="popper" data-slot="select-content">
        {options.map((option) => (
          <RadixSelect.Item key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </RadixSelect.Item>
        ))}
      </RadixSelect.Content>
    </RadixSelect.Root>
  );
});

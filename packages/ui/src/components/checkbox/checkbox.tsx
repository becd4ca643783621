import { Checkbox as RadixCheckbox } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cn } from '../../utils/index.ts';
import { LabelledControl } from '../field/labelled-control.tsx';

const sizeLooks = { sm: '1', md: '2', lg: '3' } as const;

export const checkboxVariants = cva('vd-checkbox', {
  variants: { size: { sm: 'vd-checkbox--sm', md: 'vd-checkbox--md', lg: 'vd-checkbox--lg' } },
  defaultVariants: { size: 'md' },
});

export interface CheckboxProps
  extends
    Omit<ComponentPropsWithoutRef<typeof RadixCheckbox>, 'size' | 'children'>,
    VariantProps<typeof checkboxVariants> {
  label: ReactNode;
  description?: ReactNode;
}

/** A labelled checkbox. The ref and rest props reach the checkbox control; `className` styles the row. */
export const Checkbox = forwardRef<HTMLButtonElement, CheckboxProps>(function Checkbox(
  { label, description, size, className, style, ...props },
  ref,
) {
  return (
    <LabelledControl
      label={label}
      description={description}
      descriptionClassName="vd-checkbox__description"
      className={cn(checkboxVariants({ size }), className)}
      style={style}
      controlAt="start"
      controlProps={props}
      renderControl={(controlProps) => (
        <RadixCheckbox
          ref={ref}
          data-slot="checkbox"
          size={sizeLooks[size ?? 'md']}
          {...controlProps}
        />
      )}
    />
  );
});

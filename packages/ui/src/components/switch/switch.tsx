import { Switch as RadixSwitch } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cn } from '../../utils/index.ts';
import { LabelledControl } from '../field/labelled-control.tsx';

const sizeLooks = { sm: '1', md: '2', lg: '3' } as const;

export const switchVariants = cva('vd-switch', {
  variants: { size: { sm: 'vd-switch--sm', md: 'vd-switch--md', lg: 'vd-switch--lg' } },
  defaultVariants: { size: 'md' },
});

export interface SwitchProps
  extends
    Omit<ComponentPropsWithoutRef<typeof RadixSwitch>, 'size' | 'children'>,
    VariantProps<typeof switchVariants> {
  label: ReactNode;
  description?: ReactNode;
}

/** A labelled on/off switch. The ref and rest props reach the switch control; `className` styles the row. */
export const Switch = forwardRef<HTMLButtonElement, SwitchProps>(function Switch(
  { label, description, size, className, style, ...props },
  ref,
) {
  return (
    <LabelledControl
      label={label}
      description={description}
      className={cn(switchVariants({ size }), className)}
      style={style}
      controlAt="end"
      controlProps={props}
      renderControl={(controlProps) => (
        <RadixSwitch
          ref={ref}
          data-slot="switch"
          size={sizeLooks[size ?? 'md']}
          {...controlProps}
        />
      )}
    />
  );
});

import { Flex, Switch as RadixSwitch, Text } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cn } from '../../utils';
import { useFieldControl } from '../field';

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
  const descriptionId = useId();
  const controlProps = useFieldControl(props, description ? descriptionId : undefined);
  return (
    <Flex
      direction="column"
      gap="1"
      className={cn(switchVariants({ size }), className)}
      style={style}
    >
      <Text as="label" size="2">
        <Flex gap="2" align="center" justify="between">
          {label}
          <RadixSwitch
            ref={ref}
            data-slot="switch"
            size={sizeLooks[size ?? 'md']}
            {...controlProps}
          />
        </Flex>
      </Text>
      {description ? (
        <Text id={descriptionId} size="1" color="gray">
          {description}
        </Text>
      ) : null}
    </Flex>
  );
});

import { Checkbox as RadixCheckbox, Flex, Text } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, useId, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cn } from '../../utils';
import { useFieldControl } from '../field';

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
  const descriptionId = useId();
  const controlProps = useFieldControl(props, description ? descriptionId : undefined);
  return (
    <Flex
      direction="column"
      gap="1"
      className={cn(checkboxVariants({ size }), className)}
      style={style}
    >
      <Text as="label" size="2">
        <Flex gap="2" align="center">
          <RadixCheckbox
            ref={ref}
            data-slot="checkbox"
            size={sizeLooks[size ?? 'md']}
            {...controlProps}
          />
          {label}
        </Flex>
      </Text>
      {description ? (
        <Text id={descriptionId} size="1" color="gray" className="vd-checkbox__description">
          {description}
        </Text>
      ) : null}
    </Flex>
  );
});

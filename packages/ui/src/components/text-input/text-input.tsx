import { TextField } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cn } from '../../utils/index.ts';
import { useFieldControl } from '../field/index.ts';

type RadixRootProps = ComponentPropsWithoutRef<typeof TextField.Root>;

const sizeLooks = { sm: '1', md: '2', lg: '3' } as const;

export const textInputVariants = cva('vd-text-input', {
  variants: { size: { sm: 'vd-text-input--sm', md: 'vd-text-input--md', lg: 'vd-text-input--lg' } },
  defaultVariants: { size: 'md' },
});

export interface TextInputProps
  extends Omit<RadixRootProps, 'size' | 'children'>, VariantProps<typeof textInputVariants> {
  /** Content before the text (an icon or prefix such as "https://"). */
  startSlot?: ReactNode;
  /** Content after the text (an icon or a small button). */
  endSlot?: ReactNode;
}

/**
 * A single-line text input. The ref and every input prop reach the `<input>`; `className` and `style`
 * style its frame. Inside a `Field` it is labelled and described automatically.
 */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput(
  { size, className, startSlot, endSlot, ...props },
  ref,
) {
  const controlProps = useFieldControl(props);
  return (
    <TextField.Root
      ref={ref}
      data-slot="text-input"
      size={sizeLooks[size ?? 'md']}
      className={cn(textInputVariants({ size }), className)}
      {...controlProps}
    >
      {startSlot ? <TextField.Slot side="left">{startSlot}</TextField.Slot> : null}
      {endSlot ? <TextField.Slot side="right">{endSlot}</TextField.Slot> : null}
    </TextField.Root>
  );
});

import { Text, TextArea } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, useId, type ChangeEvent, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../../utils/index.ts';
import { useControllableState } from '../../utils/use-controllable-state.ts';
import { useFieldControl } from '../field/index.ts';

type RadixTextAreaProps = ComponentPropsWithoutRef<typeof TextArea>;

const sizeLooks = { sm: '1', md: '2', lg: '3' } as const;

export const textareaVariants = cva('vd-textarea', {
  variants: {
    size: { sm: 'vd-textarea--sm', md: 'vd-textarea--md', lg: 'vd-textarea--lg' },
    resize: { none: 'vd-textarea--resize-none', vertical: 'vd-textarea--resize-vertical' },
  },
  defaultVariants: { size: 'md', resize: 'vertical' },
});

export interface TextareaProps
  extends Omit<RadixTextAreaProps, 'size' | 'resize'>, VariantProps<typeof textareaVariants> {
  /** With `maxLength`, shows "used / max" under the field, announced with it. */
  showCount?: boolean;
}

/** Multi-line text. The ref reaches the `<textarea>`; `className` styles its frame. */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { size, resize, className, showCount = false, onChange, ...props },
  ref,
) {
  const countId = useId();
  const counting = showCount && props.maxLength !== undefined;
  // The count follows `value` when controlled, the typed text otherwise.
  const [text, setText] = useControllableState({
    prop: props.value === undefined ? undefined : String(props.value),
    defaultProp: String(props.defaultValue ?? ''),
    caller: 'Textarea',
  });
  const length = text.length;
  const controlProps = useFieldControl(props, counting ? countId : undefined);

  const textarea = (
    <TextArea
      ref={ref}
      data-slot="textarea"
      size={sizeLooks[size ?? 'md']}
      className={cn(textareaVariants({ size, resize }), className)}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) => {
        setText(event.target.value);
        onChange?.(event);
      }}
      {...controlProps}
    />
  );
  if (!counting) return textarea;
  return (
    <>
      {textarea}
      <Text id={countId} size="1" color="gray" align="right" data-slot="textarea-count">
        {length} / {props.maxLength}
      </Text>
    </>
  );
});

import { Flex, Text } from '@radix-ui/themes';
import { forwardRef, useId, useMemo, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cn } from '../../utils/index.ts';
import { FieldContext, type FieldState } from './field-context.ts';

export interface FieldProps extends Omit<ComponentPropsWithoutRef<'div'>, 'children'> {
  label: ReactNode;
  /** Help text under the control, announced with it (aria-describedby). */
  description?: ReactNode;
  /** The validation message; marks the control aria-invalid and is announced with it. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** The control's id; generated when omitted. */
  controlId?: string;
  /** One Verdant control (TextInput, PasswordInput, Textarea, Select, …) or any element using `useFieldControl`. */
  children: ReactNode;
}

/** A labelled form control with description and error, wired together for assistive technology. */
export const Field = forwardRef<HTMLDivElement, FieldProps>(function Field(
  {
    label,
    description,
    error,
    required = false,
    disabled = false,
    controlId,
    className,
    children,
    ...props
  },
  ref,
) {
  const generated = useId();
  const id = controlId ?? `${generated}-control`;
  const descriptionId = description ? `${generated}-description` : undefined;
  const errorId = error ? `${generated}-error` : undefined;
  const state = useMemo<FieldState>(
    () => ({ controlId: id, descriptionId, errorId, invalid: Boolean(error), required, disabled }),
    [id, descriptionId, errorId, error, required, disabled],
  );

  return (
    <Flex
      ref={ref}
      direction="column"
      gap="1"
      data-slot="field"
      data-invalid={error ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
      className={cn('vd-field', className)}
      {...props}
    >
      <Text
        as="label"
        htmlFor={id}
        size="2"
        weight="medium"
        data-slot="field-label"
        className="vd-field__label"
      >
        {label}
        {required ? (
          <Text color="red" aria-hidden>
            {' *'}
          </Text>
        ) : null}
      </Text>
      <FieldContext.Provider value={state}>{children}</FieldContext.Provider>
      {description ? (
        <Text id={descriptionId} size="1" color="gray" data-slot="field-description">
          {description}
        </Text>
      ) : null}
      {error ? (
        <Text id={errorId} size="1" color="red" data-slot="field-error">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
});

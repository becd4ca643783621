import { createContext, useContext } from 'react';

export interface FieldState {
  controlId: string;
  descriptionId?: string;
  errorId?: string;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
}

export const FieldContext = createContext<FieldState | null>(null);

export interface FieldControlProps {
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
  required?: boolean;
  disabled?: boolean;
}

const join = (...ids: Array<string | undefined>) => ids.filter(Boolean).join(' ') || undefined;

/**
 * Wires a control to the surrounding `Field`: its id (so the label points at it), aria-describedby
 * (description, then error, then the control's own), aria-invalid, required and disabled. Props the
 * control was given win. Outside a Field it returns the props unchanged.
 */
export function useFieldControl<P extends FieldControlProps>(
  props: P,
  extraDescribedBy?: string,
): P {
  const field = useContext(FieldContext);
  if (!field)
    return { ...props, 'aria-describedby': join(props['aria-describedby'], extraDescribedBy) };
  return {
    ...props,
    id: props.id ?? field.controlId,
    'aria-describedby': join(
      field.descriptionId,
      field.errorId,
      props['aria-describedby'],
      extraDescribedBy,
    ),
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
    required: props.required ?? (field.required || undefined),
    disabled: props.disabled ?? (field.disabled || undefined),
  };
}

import { forwardRef } from 'react';
import { TextInput, type TextInputProps } from '../text-input/index.ts';

export interface CodeInputProps extends Omit<
  TextInputProps,
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'type'
  | 'inputMode'
  | 'autoComplete'
  | 'maxLength'
  | 'startSlot'
  | 'endSlot'
> {
  /** The digits entered so far. */
  value: string;
  /** Called with the digits only (spaces, dashes and letters dropped), at most `length` of them. */
  onValueChange: (digits: string) => void;
  /** How many digits the code has. */
  length?: number;
}

/** The digits of `text`, at most `length` of them. */
export function codeDigits(text: string, length: number): string {
  return text.replace(/\D/g, '').slice(0, length);
}

/**
 * A one-time code (an authenticator app's, or one sent by email): the numeric keypad on phones,
 * the browser's and password managers' code autofill, and only digits kept. It has no `maxLength`,
 * so a code pasted as "123 456" or "123-456" keeps all six digits instead of losing the last to
 * the separator. Inside a `Field` it is labelled and described automatically.
 */
export const CodeInput = forwardRef<HTMLInputElement, CodeInputProps>(function CodeInput(
  { value, onValueChange, length = 6, ...props },
  ref,
) {
  return (
    <TextInput
      ref={ref}
      inputMode="numeric"
      autoComplete="one-time-code"
      autoCorrect="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onValueChange(codeDigits(event.target.value, length))}
      {...props}
    />
  );
});

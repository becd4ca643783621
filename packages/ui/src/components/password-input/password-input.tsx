import { EyeClosedIcon, EyeOpenIcon } from '@radix-ui/react-icons';
import { IconButton } from '@radix-ui/themes';
import type { PasswordStrength } from '@verdant/validation';
import { forwardRef, useId, useState, type ChangeEvent } from 'react';
import { useControllableState } from '../../utils/use-controllable-state.ts';
import { TextInput, type TextInputProps } from '../text-input/index.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

export interface PasswordInputProps extends Omit<TextInputProps, 'type' | 'endSlot'> {
  /**
   * Shows the strength meter and every rule of `validatePassword`, ticked off as the password
   * meets it (for new passwords).
   */
  showStrength?: boolean;
  /**
   * With `showStrength`: marks the rules the password still breaks as errors rather than as still
   * to do, e.g. once the field has been left or the form submitted.
   */
  showRuleFailures?: boolean;
}

export type { PasswordStrength };

/** A password input with a show/hide toggle and, for new passwords, a strength meter. */
export const PasswordInput = forwardRef<HTMLInputElement, PasswordInputProps>(
  function PasswordInput(
    { showStrength = false, showRuleFailures = false, onChange, autoComplete, ...props },
    ref,
  ) {
    const [visible, setVisible] = useState(false);
    // The meter follows `value` when controlled, the typed text otherwise.
    const [value, setValue] = useControllableState({
      prop: props.value === undefined ? undefined : String(props.value),
      defaultProp: String(props.defaultValue ?? ''),
      caller: 'PasswordInput',
    });
    const meterId = useId();

    return (
      <>
        <TextInput
          ref={ref}
          {...props}
          data-slot="password-input"
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete ?? (showStrength ? 'new-password' : 'current-password')}
          spellCheck={false}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            setValue(event.target.value);
            onChange?.(event);
          }}
          aria-describedby={
            [props['aria-describedby'], showStrength ? meterId : undefined]
              .filter(Boolean)
              .join(' ') || undefined
          }
          endSlot={
            <IconButton
              type="button"
              size="1"
              variant="ghost"
              color="gray"
              aria-label={visible ? 'Hide password' : 'Show password'}
              aria-pressed={visible}
              disabled={props.disabled}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? <EyeClosedIcon aria-hidden /> : <EyeOpenIcon aria-hidden />}
            </IconButton>
          }
        />
        {showStrength ? (
          <PasswordStrengthMeter
            id={meterId}
            password={value}
            showRuleFailures={showRuleFailures}
          />
        ) : null}
      </>
    );
  },
);

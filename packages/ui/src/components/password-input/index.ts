export {
  PasswordInput,
  type PasswordInputProps,
  type PasswordStrength,
} from './password-input.tsx';

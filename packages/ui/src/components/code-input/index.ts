export { CodeInput, codeDigits, type CodeInputProps } from './code-input.tsx';

export { TextInput, textInputVariants, type TextInputProps } from './text-input.tsx';

export { NativeSelect, nativeSelectVariants, type NativeSelectProps } from './native-select.tsx';

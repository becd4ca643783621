export { Spinner, spinnerVariants, type SpinnerProps } from './spinner.tsx';

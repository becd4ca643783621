export { ProgressBar, progressBarVariants, type ProgressBarProps } from './progress-bar.tsx';

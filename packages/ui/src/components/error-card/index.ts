export { ErrorCard, errorCardVariants, type ErrorCardProps } from './error-card.tsx';

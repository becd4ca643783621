export { EmptyState, emptyStateVariants, type EmptyStateProps } from './empty-state';

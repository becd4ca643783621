export { EmptyState, emptyStateVariants, type EmptyStateProps } from './empty-state';
export {
  EmptyStateIllustration,
  emptyStateIllustrations,
  type EmptyStateIllustrationName,
  type EmptyStateIllustrationProps,
} from './illustration';

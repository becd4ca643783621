export { EmptyState, emptyStateVariants, type EmptyStateProps } from './empty-state.tsx';
export {
  EmptyStateIllustration,
  emptyStateIllustrations,
  type EmptyStateIllustrationName,
  type EmptyStateIllustrationProps,
} from './illustration.tsx';

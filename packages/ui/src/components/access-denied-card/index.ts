export {
  AccessDeniedCard,
  accessDeniedMessage,
  type AccessDeniedCardProps,
} from './access-denied-card.tsx';

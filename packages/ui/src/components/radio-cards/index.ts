export {
  RadioCards,
  radioCardsVariants,
  type RadioCardsOption,
  type RadioCardsProps,
} from './radio-cards.tsx';

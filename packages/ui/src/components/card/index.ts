export { Card, cardVariants, type CardProps } from './card.tsx';

export { ProductCard, productCardVariants, type ProductCardProps } from './product-card.tsx';
export { ProductGrid, type ProductGridProps } from './product-grid.tsx';
export { formatCo2e, formatPrice } from './format.ts';

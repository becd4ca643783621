export { ProductCard, productCardVariants, type ProductCardProps } from './product-card';
export { ProductGrid, type ProductGridProps } from './product-grid';
export { formatCo2e, formatPrice } from './format';

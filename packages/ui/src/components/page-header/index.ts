export { PageHeader, pageHeaderVariants, type PageHeaderProps } from './page-header.tsx';

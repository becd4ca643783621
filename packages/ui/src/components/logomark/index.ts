export { Logomark, logomarkVariants, type LogomarkProps } from './logomark.tsx';

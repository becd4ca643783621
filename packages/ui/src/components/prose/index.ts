export { Prose, proseVariants, type ProseProps } from './prose.tsx';

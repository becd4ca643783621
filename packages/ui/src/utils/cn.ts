/** Joins class names, skipping falsy values (clsx semantics, as shipped with class-variance-authority). */
export { cx as cn } from 'class-variance-authority';

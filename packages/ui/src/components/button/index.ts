export { Button, buttonVariants, type ButtonProps, type ButtonVariants } from './button.tsx';

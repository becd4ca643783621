export {
  COPIED_STATE_MS,
  CopyButton,
  copyButtonVariants,
  type CopyButtonProps,
} from './copy-button.tsx';
export { copyText } from './copy-text.ts';

export {
  COPIED_STATE_MS,
  CopyButton,
  copyButtonVariants,
  type CopyButtonProps,
} from './copy-button';
export { copyText } from './copy-text';

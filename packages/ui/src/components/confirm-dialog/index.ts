export {
  ConfirmDialog,
  confirmDialogVariants,
  type ConfirmDialogProps,
} from './confirm-dialog.tsx';

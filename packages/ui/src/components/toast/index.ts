export { Toaster, toastVariants, type ToasterProps, type ToastVariants } from './toast.tsx';
export {
  toast,
  TOAST_DURATION,
  TOAST_LIMIT,
  TOAST_SWIPE_THRESHOLD,
  type ToastAction,
  type ToastHandle,
  type ToastOptions,
  type ToastVariant,
} from './toast-store.ts';

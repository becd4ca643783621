import { Cross2Icon } from '@radix-ui/react-icons';
import { IconButton, Theme } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { Portal, Toast } from 'radix-ui';
import { forwardRef, useSyncExternalStore, type ComponentPropsWithoutRef } from 'react';
import { cn } from '../../utils/index.ts';
import { Button } from '../button/index.ts';
import {
  TOAST_DURATION,
  TOAST_SWIPE_THRESHOLD,
  toastStore,
  type ToastRecord,
} from './toast-store.ts';

export const toastVariants = cva('vd-toast', {
  variants: {
    variant: { default: 'vd-toast--default', destructive: 'vd-toast--destructive' },
  },
  defaultVariants: { variant: 'default' },
});

export type ToastVariants = VariantProps<typeof toastVariants>;

function ToastItem({ id, open, title, description, variant, action, duration }: ToastRecord) {
  return (
    <Toast.Root
      data-slot="toast"
      data-variant={variant ?? 'default'}
      className={toastVariants({ variant })}
      open={open}
      duration={duration ?? TOAST_DURATION}
      // Destructive toasts interrupt assistive technology; others wait politely.
      type={variant === 'destructive' ? 'foreground' : 'background'}
      onOpenChange={(next) => {
        if (!next) toastStore.dismiss(id);
      }}
      onAnimationEnd={() => {
        if (!open) toastStore.remove(id);
      }}
    >
      <div className="vd-toast__body">
        {title ? (
          <Toast.Title className="vd-toast__title" data-slot="toast-title">
            {title}
          </Toast.Title>
        ) : null}
        {description ? (
          <Toast.Description className="vd-toast__description" data-slot="toast-description">
            {description}
          </Toast.Description>
        ) : null}
      </div>
      {action ? (
        <Toast.Action altText={action.altText} asChild>
          <Button
            size="sm"
            variant={variant === 'destructive' ? 'danger' : 'secondary'}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        </Toast.Action>
      ) : null}
      <Toast.Close asChild>
        <IconButton
          data-slot="toast-close"
          className="vd-toast__close"
          size="1"
          variant="ghost"
          color="gray"
          aria-label="Close"
        >
          <Cross2Icon aria-hidden />
        </IconButton>
      </Toast.Close>
    </Toast.Root>
  );
}

export interface ToasterProps extends ComponentPropsWithoutRef<typeof Toast.Viewport> {
  /** Where to portal the viewport; defaults to document.body. */
  container?: HTMLElement | null;
}

/**
 * The toast area: mount once inside `VerdantTheme`. Top of the screen on small screens, bottom right
 * (at most 420 px wide) from 768 px up. Portalled, and re-themed so it stays dark.
 */
export const Toaster = forwardRef<HTMLOListElement, ToasterProps>(function Toaster(
  { className, container, label = 'Notifications ({hotkey})', ...props },
  ref,
) {
  const toasts = useSyncExternalStore(
    toastStore.subscribe,
    toastStore.getSnapshot,
    toastStore.getSnapshot,
  );
  return (
    <Toast.Provider
      duration={TOAST_DURATION}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      // What a screen reader hears before each toast; the viewport's label names the region.
      label="Notification"
    >
      {toasts.map((record) => (
        <ToastItem key={record.id} {...record} />
      ))}
      <Portal.Root container={container} asChild>
        <Theme asChild>
          <Toast.Viewport
            ref={ref}
            data-slot="toast-viewport"
            className={cn('vd-toast-viewport', className)}
            label={label}
            {...props}
          />
        </Theme>
      </Portal.Root>
    </Toast.Provider>
  );
});

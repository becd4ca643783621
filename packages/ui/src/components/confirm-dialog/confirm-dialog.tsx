import * as React from 'react';
import { AlertDialog, Flex, Text } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { Button } from '../button/index.ts';

export const confirmDialogVariants = cva('vd-confirm-dialog', {
  variants: {
    /** `danger` for destructive actions: the confirm button is red. */
    tone: { default: 'vd-confirm-dialog--default', danger: 'vd-confirm-dialog--danger' },
  },
  defaultVariants: { tone: 'default' },
});

export interface ConfirmDialogProps
  extends
    Omit<React.ComponentPropsWithoutRef<typeof AlertDialog.Content>, 'title' | 'children'>,
    VariantProps<typeof confirmDialogVariants> {
  title: React.ReactNode;
  /** What will happen, in plain words. */
  description: React.ReactNode;
  /** The element that opens the dialog (usually a Button). Omit it and control `open` instead. */
  trigger?: React.ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /**
   * Runs when the user confirms. If it returns a promise the dialog stays open with the confirm
   * button loading until it settles; it closes on success and shows the error when it rejects.
   */
  onConfirm: () => void | Promise<void>;
  /** The message shown when `onConfirm` rejects. */
  errorMessage?: (error: unknown) => React.ReactNode;
}

const defaultErrorMessage = (error: unknown) =>
  error instanceof Error && error.message
    ? error.message
    : 'Something went wrong. Please try again.';

/**
 * Asks the user to confirm an action before it happens, on the Radix alert dialog: focus starts on
 * Cancel, Escape cancels, and the page behind is inert.
 */
export const ConfirmDialog = React.forwardRef<HTMLDivElement, ConfirmDialogProps>(
  function ConfirmDialog(
    {
      title,
      description,
      trigger,
      open: openProp,
      defaultOpen = false,
      onOpenChange,
      confirmLabel = 'Confirm',
      cancelLabel = 'Cancel',
      onConfirm,
      errorMessage = defaultErrorMessage,
      tone,
      className,
      maxWidth = '440px',
      onEscapeKeyDown,
      ...rest
    },
    ref,
  ) {
    const [ownOpen, setOwnOpen] = React.useState(defaultOpen);
    const open = openProp ?? ownOpen;
    const [pending, setPending] = React.useState(false);
    const [error, setError] = React.useState<unknown>(null);
    const mounted = React.useRef(true);
    React.useEffect(() => {
      mounted.current = true;
      return () => {
        mounted.current = false;
      };
    }, []);

    const setOpen = (next: boolean) => {
      if (openProp === undefined) setOwnOpen(next);
      if (!next) setError(null);
      onOpenChange?.(next);
    };

    // Never rejects: a failure of `onConfirm` is shown in the dialog.
    const handleConfirm = async () => {
      setError(null);
      setPending(true);
      try {
        await onConfirm();
        if (mounted.current) setOpen(false);
      } catch (failure) {
        if (mounted.current) setError(failure ?? new Error());
      } finally {
        if (mounted.current) setPending(false);
      }
    };

    return (
      <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : setOpen(next))}>
        {trigger ? <AlertDialog.Trigger>{trigger}</AlertDialog.Trigger> : null}
        <AlertDialog.Content
          ref={ref}
          data-slot="confirm-dialog"
          className={confirmDialogVariants({ tone, className })}
          maxWidth={maxWidth}
          aria-busy={pending || undefined}
          onEscapeKeyDown={(event) => {
            onEscapeKeyDown?.(event);
            if (pending) event.preventDefault();
          }}
          {...rest}
        >
          <AlertDialog.Title data-slot="confirm-dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description size="2" color="gray" data-slot="confirm-dialog-description">
            {description}
          </AlertDialog.Description>
          {error ? (
            <Text as="p" role="alert" size="2" color="red" mt="3" data-slot="confirm-dialog-error">
              {errorMessage(error)}
            </Text>
          ) : null}
          <Flex gap="3" mt="4" justify="end" wrap="wrap">
            <AlertDialog.Cancel>
              <Button variant="secondary" disabled={pending} data-slot="confirm-dialog-cancel">
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={tone === 'danger' ? 'danger' : 'primary'}
              loading={pending}
              onClick={() => void handleConfirm()}
              data-slot="confirm-dialog-confirm"
            >
              {confirmLabel}
            </Button>
          </Flex>
        </AlertDialog.Content>
      </AlertDialog.Root>
    );
  },
);

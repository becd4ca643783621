import { Dialog } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { forwardRef, type ComponentPropsWithoutRef, type ElementRef } from 'react';
import { cn } from '../../utils/index.ts';

export const modalContentVariants = cva('vd-modal', {
  variants: { size: { sm: 'vd-modal--sm', md: 'vd-modal--md', lg: 'vd-modal--lg' } },
  defaultVariants: { size: 'md' },
});

const widths = { sm: '400px', md: '520px', lg: '720px' } as const;

const ModalRoot = Dialog.Root;

const ModalTrigger = forwardRef<
  ElementRef<typeof Dialog.Trigger>,
  ComponentPropsWithoutRef<typeof Dialog.Trigger>
>(function ModalTrigger(props, ref) {
  return <Dialog.Trigger ref={ref} data-slot="modal-trigger" {...props} />;
});

export interface ModalContentProps
  extends
    Omit<ComponentPropsWithoutRef<typeof Dialog.Content>, 'size'>,
    VariantProps<typeof modalContentVariants> {}

/** The dialog panel: portalled by Radix Themes inside `<Theme asChild>`, so it stays dark. */
const ModalContent = forwardRef<ElementRef<typeof Dialog.Content>, ModalContentProps>(
  function ModalContent({ size, className, maxWidth, ...props }, ref) {
    return (
      <Dialog.Content
        ref={ref}
        data-slot="modal-content"
        size="3"
        maxWidth={maxWidth ?? widths[size ?? 'md']}
        className={cn(modalContentVariants({ size }), className)}
        {...props}
      />
    );
  },
);

const ModalTitle = forwardRef<
  ElementRef<typeof Dialog.Title>,
  ComponentPropsWithoutRef<typeof Dialog.Title>
>(function ModalTitle(props, ref) {
  return <Dialog.Title ref={ref} data-slot="modal-title" {...props} />;
});

const ModalDescription = forwardRef<
  ElementRef<typeof Dialog.Description>,
  ComponentPropsWithoutRef<typeof Dialog.Description>
>(function ModalDescription(props, ref) {
  return (
    <Dialog.Description ref={ref} data-slot="modal-description" size="2" color="gray" {...props} />
  );
});

const ModalClose = forwardRef<
  ElementRef<typeof Dialog.Close>,
  ComponentPropsWithoutRef<typeof Dialog.Close>
>(function ModalClose(props, ref) {
  return <Dialog.Close ref={ref} data-slot="modal-close" {...props} />;
});

/** A modal dialog: `Modal.Root`, `.Trigger`, `.Content`, `.Title`, `.Description`, `.Close`. */
export const Modal = {
  Root: ModalRoot,
  Trigger: ModalTrigger,
  Content: ModalContent,
  Title: ModalTitle,
  Description: ModalDescription,
  Close: ModalClose,
};

export type ModalRootProps = ComponentPropsWithoutRef<typeof Dialog.Root>;
export type ModalTriggerProps = ComponentPropsWithoutRef<typeof Dialog.Trigger>;
export type ModalTitleProps = ComponentPropsWithoutRef<typeof Dialog.Title>;
export type ModalDescriptionProps = ComponentPropsWithoutRef<typeof Dialog.Description>;
export type ModalCloseProps = ComponentPropsWithoutRef<typeof Dialog.Close>;

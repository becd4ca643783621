export {
  Modal,
  modalContentVariants,
  type ModalCloseProps,
  type ModalContentProps,
  type ModalDescriptionProps,
  type ModalRootProps,
  type ModalTitleProps,
  type ModalTriggerProps,
} from './modal.tsx';

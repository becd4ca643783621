import { Flex } from '@radix-ui/themes';
import { forwardRef, type ElementRef } from 'react';
import { Button } from '../button/index.ts';
import { Modal, type ModalContentProps } from '../modal/index.ts';
import { formatRemaining } from './format-remaining.ts';

export interface SessionExpiringModalProps extends Omit<ModalContentProps, 'children' | 'title'> {
  open: boolean;
  /** Milliseconds until the session expires. */
  remainingMs: number;
  onStaySignedIn: () => void;
  onSignOut: () => void;
  /** Escape closes the warning without choosing; the owner decides what that means. */
  onOpenChange?: (open: boolean) => void;
  /** Shows 'Stay Signed In' as busy while the session is being extended. */
  extending?: boolean;
}

/** The session warning of spec §2/§4: 'Session Expiring Soon', with Sign Out and Stay Signed In. */
export const SessionExpiringModal = forwardRef<
  ElementRef<typeof Modal.Content>,
  SessionExpiringModalProps
>(function SessionExpiringModal(
  {
    open,
    remainingMs,
    onStaySignedIn,
    onSignOut,
    onOpenChange,
    extending = false,
    size = 'sm',
    ...props
  },
  ref,
) {
  return (
    <Modal.Root open={open} onOpenChange={onOpenChange}>
      <Modal.Content
        ref={ref}
        data-slot="session-expiring-modal"
        size={size}
        // A stray click outside must not dismiss a security prompt.
        onPointerDownOutside={(event) => event.preventDefault()}
        {...props}
      >
        <Modal.Title>Session Expiring Soon</Modal.Title>
        <Modal.Description>
          Your session will expire in {formatRemaining(remainingMs)}. Would you like to stay signed
          in?
        </Modal.Description>
        <Flex gap="3" mt="5" justify="end" wrap="wrap">
          <Button variant="secondary" onClick={onSignOut}>
            Sign Out
          </Button>
          <Button onClick={onStaySignedIn} loading={extending}>
            Stay Signed In
          </Button>
        </Flex>
      </Modal.Content>
    </Modal.Root>
  );
});

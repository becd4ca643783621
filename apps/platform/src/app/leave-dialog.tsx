import { ConfirmDialog } from '@verdant/ui';
import { leaveRequests } from '../lib/leave-guard.ts';

/**
 * "Leave this page?" for a page with unsaved changes (`useConfirmLeave`), in the app's dark dialog:
 * Stay keeps the reader where they are, Leave goes on to where they were going. The title asks the
 * question; `message`, read after it, says only what would be lost ("Your changes to the product
 * are not saved."), so the question is not read twice.
 */
export function LeaveDialog({ message }: { message: string }) {
  return (
    <ConfirmDialog
      open
      title="Leave this page?"
      description={message}
      confirmLabel="Leave"
      cancelLabel="Stay"
      tone="danger"
      onOpenChange={(open) => {
        if (!open) leaveRequests.stay();
      }}
      onConfirm={() => leaveRequests.leave()}
    />
  );
}

import type { ReactNode } from 'react';
import { IconButton, Theme, VisuallyHidden } from '@radix-ui/themes';
import { Cross2Icon } from '@radix-ui/react-icons';
import { Dialog } from 'radix-ui';
import { InDrawerContext } from './in-drawer-context.ts';

export interface AppShellDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Accessible name of the navigation landmark. */
  label: string;
  footer?: ReactNode;
  /** Where the focus goes when the drawer closes (the menu button, or the page after a link). */
  returnFocus: () => HTMLElement | null;
  children: ReactNode;
}

/**
 * The sidebar's items in a modal drawer on narrow screens. A module of its own: the shell loads it
 * the first time the menu button is used, so first pages do not carry the dialog's code.
 */
export default function AppShellDrawer({
  open,
  onOpenChange,
  label,
  footer,
  returnFocus,
  children,
}: AppShellDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Theme asChild>
          <Dialog.Overlay className="vd-app-shell__drawer-overlay" />
        </Theme>
        <Theme asChild>
          <Dialog.Content
            className="vd-app-shell__drawer"
            data-slot="app-shell-drawer"
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              // What gets the focus lives outside the dialog, so it is given explicitly.
              event.preventDefault();
              returnFocus()?.focus();
            }}
          >
            <div className="vd-app-shell__drawer-header">
              <Dialog.Title asChild>
                <VisuallyHidden>{label} navigation</VisuallyHidden>
              </Dialog.Title>
              <Dialog.Close asChild>
                <IconButton variant="ghost" color="gray" aria-label="Close navigation">
                  <Cross2Icon aria-hidden />
                </IconButton>
              </Dialog.Close>
            </div>
            <InDrawerContext.Provider value>
              <nav aria-label={label} className="vd-app-shell__nav">
                {children}
              </nav>
            </InDrawerContext.Provider>
            {footer ? <div className="vd-app-shell__sidebar-footer">{footer}</div> : null}
          </Dialog.Content>
        </Theme>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

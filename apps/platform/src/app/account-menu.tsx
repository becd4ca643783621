import { VisuallyHidden } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { Avatar, DropdownMenu } from '@verdant/ui';
import { useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router';

/** The menu is never wider than the window (less a margin), however long the name it shows. */
const MENU_WIDTH: CSSProperties = { maxWidth: 'min(24rem, calc(100vw - 2 * var(--space-3)))' };

/**
 * A long name wraps, anywhere if it must (a name may be one long word), on as many lines as it
 * takes: a menu label is one item high otherwise.
 */
const NAME_LABEL: CSSProperties = {
  height: 'auto',
  minHeight: 'var(--base-menu-item-height)',
  paddingBlock: 'var(--space-1)',
  overflowWrap: 'anywhere',
};

/**
 * The signed-in account menu. A module of its own, loaded only once somebody is signed in, so the
 * menu primitives (popper, focus management) stay out of the first page a visitor downloads.
 * The open menu is placed in the top bar next to its button, not at the end of the document, so
 * it sits inside the page's banner landmark like the button that opened it.
 */
export default function SignedInAccountMenu() {
  const { user, logout, isDemoMode } = useAuth();
  const navigate = useNavigate();
  const [container, setContainer] = useState<HTMLSpanElement | null>(null);
  if (!user) return null;
  // A demo visitor (local demo mode or the shared demo account) has no profile and leaves the demo.
  const demo = isDemoMode || user.role === 'demo';
  return (
    <span ref={setContainer} className="vd-platform-account-menu">
      <DropdownMenu.Root>
        <DropdownMenu.Trigger>
          <button type="button" className="vd-platform-account">
            <Avatar name={user.name} src={user.profileImage ?? undefined} size="2" decorative />
            <VisuallyHidden>Account menu for {user.name}</VisuallyHidden>
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="end" container={container} style={MENU_WIDTH}>
          <DropdownMenu.Label style={NAME_LABEL}>{user.name}</DropdownMenu.Label>
          {!demo ? (
            <>
              <DropdownMenu.Item onSelect={() => void navigate('/profile')}>
                Profile
              </DropdownMenu.Item>
              <DropdownMenu.Item onSelect={() => void navigate('/orders')}>
                Your orders
              </DropdownMenu.Item>
            </>
          ) : null}
          <DropdownMenu.Separator />
          <DropdownMenu.Item
            onSelect={() => void logout().then(() => navigate(demo ? '/' : '/login'))}
          >
            {demo ? 'Leave the demo' : 'Log out'}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </span>
  );
}

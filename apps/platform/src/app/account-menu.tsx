import { VisuallyHidden } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { Avatar, DropdownMenu } from '@verdant/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';

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
        <DropdownMenu.Content align="end" container={container}>
          <DropdownMenu.Label>{user.name}</DropdownMenu.Label>
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

import { VisuallyHidden } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { Avatar, DropdownMenu } from '@verdant/ui';
import { useNavigate } from 'react-router';

/**
 * The signed-in account menu. A module of its own, loaded only once somebody is signed in, so the
 * menu primitives (popper, focus management) stay out of the first page a visitor downloads.
 */
export default function SignedInAccountMenu() {
  const { user, logout, isDemoMode } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger>
        <button type="button" className="vd-platform-account">
          <Avatar name={user.name} src={user.profileImage ?? undefined} size="2" decorative />
          <VisuallyHidden>Account menu for {user.name}</VisuallyHidden>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Label>{user.name}</DropdownMenu.Label>
        {!isDemoMode ? (
          <DropdownMenu.Item onSelect={() => void navigate('/profile')}>Profile</DropdownMenu.Item>
        ) : null}
        <DropdownMenu.Separator />
        <DropdownMenu.Item onSelect={() => void logout().then(() => navigate('/login'))}>
          Log out
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}

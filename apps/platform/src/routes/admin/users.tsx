import { Flex, Text, VisuallyHidden } from '@radix-ui/themes';
import type { AdminModule } from '@verdant/api-client';
import type { Role } from '@verdant/auth';
import { useAuth } from '@verdant/auth/react';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorCard,
  Field,
  NativeSelect,
  PageHeader,
  TextInput,
  toast,
  type DataTableColumn,
} from '@verdant/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { errorMessage, formatDate } from '../vendor-format.ts';

const PAGE_SIZE = 20;
/** The longest search the API client accepts (`searchTerm`). */
const SEARCH_MAX = 100;
const ROLE_OPTIONS = [
  { value: 'affiliate', label: 'Affiliate' },
  { value: 'merchant', label: 'Merchant' },
  { value: 'admin', label: 'Administrator' },
  { value: 'demo', label: 'Demo' },
];

const roleSelectId = (profileId: string) => `role-${profileId}`;

/** How many users a search found, in words. */
const foundText = (total: number) =>
  total === 0 ? 'No users found' : `${total} ${total === 1 ? 'user' : 'users'} found`;

/** A user as administrators list them: the profile with the sign-in email. */
type User = Awaited<ReturnType<AdminModule['listUsers']>>['rows'][number];

/**
 * Users (/admin/users): search by name, username or email (the email only administrators read,
 * through admin_list_users), and role changes through change_user_role (spec §5 messages).
 */
export function Component() {
  const { user: me } = useAuth();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [roleFilter, setRoleFilter] = useState('all');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setTerm(search.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  const users = useQuery({
    queryKey: ['admin', 'users', term, roleFilter, page],
    queryFn: () =>
      api.admin.listUsers({
        page: page - 1,
        pageSize: PAGE_SIZE,
        ...(term ? { search: term } : {}),
        ...(roleFilter === 'all' ? {} : { role: roleFilter as Role }),
      }),
    // While a new search or page loads, the rows found last stay (and their role pickers with them).
    placeholderData: keepPreviousData,
  });
  // Choosing a role in a row's picker only stages it (arrowing through the options must not act,
  // WCAG 3.2.2): the row's "Change role" button asks for the administrator's confirmation, as the
  // change grants or takes away access.
  const [staged, setStaged] = useState<Record<string, Role>>({});
  const stage = (profile: User, role: Role) =>
    setStaged(({ [profile.id]: _previous, ...others }) =>
      role === profile.role ? others : { ...others, [profile.id]: role },
    );
  const [pendingChange, setPendingChange] = useState<{ profile: User; role: Role } | null>(null);

  const roleLabel = (role: string) => ROLE_OPTIONS.find((o) => o.value === role)?.label ?? role;
  const changeRole = async ({ profile, role }: { profile: User; role: Role }) => {
    await api.profiles.changeRole(profile.id, role);
    await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    toast({ title: 'Role changed', description: `${profile.name} is now ${roleLabel(role)}.` });
  };

  const columns: readonly DataTableColumn<User>[] = [
    {
      id: 'name',
      header: 'User',
      rowHeader: true,
      cell: (p) => (
        <Flex direction="column">
          <Text weight="medium">
            {p.name}
            {p.id === me?.id ? ' (you)' : ''}
          </Text>
          <Text size="1" color="gray">
            @{p.username}
          </Text>
        </Flex>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      // Addresses can be long: they wrap, so the role picker stays in view.
      wrap: true,
      cell: (p) => (p.email ? <span style={{ overflowWrap: 'anywhere' }}>{p.email}</span> : '—'),
    },
    { id: 'joined', header: 'Joined', cell: (p) => formatDate(p.created_at) },
    {
      id: 'onboarding',
      header: 'Onboarding',
      cell: (p) =>
        p.has_completed_onboarding ? <Badge tone="success">Done</Badge> : <Badge>Open</Badge>,
    },
    {
      id: 'role',
      header: 'Role',
      cell: (p) => (
        // In a narrow (stacked) table the staged "Change role" goes under the picker rather than
        // past the card's edge.
        <Flex gap="2" align="center" wrap="wrap">
          <NativeSelect
            id={roleSelectId(p.id)}
            aria-label={`Role of ${p.name}`}
            value={staged[p.id] ?? p.role}
            size="sm"
            // As wide as its longest role: a narrow table's column does not squeeze the picker.
            style={{ minWidth: 'max-content' }}
            options={ROLE_OPTIONS}
            onChange={(event) => stage(p, event.target.value as Role)}
          />
          {staged[p.id] ? (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Change role of ${p.name}`}
              onClick={() => setPendingChange({ profile: p, role: staged[p.id]! })}
            >
              Change role
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Users — Verdant admin</title>
      <PageHeader
        title="Users"
        description="Find people and change their role. Only administrators can grant admin, and the last administrator stays."
      />
      <Flex gap="3" wrap="wrap" align="end">
        <Field label="Search by name, username or email" style={{ flex: '1 1 260px' }}>
          {/* The API refuses a search longer than 100 characters: a longer paste is cut here, where
              it is seen, rather than failing the list. */}
          <TextInput
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            maxLength={SEARCH_MAX}
          />
        </Field>
        <Field label="Role" style={{ flex: '0 1 200px' }}>
          <NativeSelect
            value={roleFilter}
            onChange={(event) => {
              setRoleFilter(event.target.value);
              setPage(1);
            }}
            options={[{ value: 'all', label: 'All roles' }, ...ROLE_OPTIONS]}
          />
        </Field>
      </Flex>
      {/* The number found, announced once the results are in (and again after each search). */}
      <VisuallyHidden role="status">
        {users.data && !users.isPlaceholderData ? foundText(users.data.total) : ''}
      </VisuallyHidden>
      {users.isError ? (
        <ErrorCard message={errorMessage(users.error)} onRetry={() => void users.refetch()} />
      ) : (
        <DataTable
          caption="Users"
          columns={columns}
          rows={users.data?.rows ?? []}
          rowCount={users.data?.total ?? 0}
          pageSize={PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          loading={users.isPending}
          getRowId={(p) => p.id}
          emptyState={<EmptyState title="No users match" headingLevel={2} />}
        />
      )}
      {pendingChange ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (open) return;
            // Confirmed or cancelled, the picker shows the saved role again.
            stage(pendingChange.profile, pendingChange.profile.role as Role);
            setPendingChange(null);
          }}
          title={`Change ${pendingChange.profile.name}’s role?`}
          description={`${pendingChange.profile.name} becomes ${roleLabel(pendingChange.role)} (now ${roleLabel(pendingChange.profile.role)}) and gets that role’s pages and permissions at their next request.`}
          confirmLabel="Change role"
          onConfirm={() => changeRole(pendingChange)}
          errorMessage={(error) => errorMessage(error)}
          // Back to the row's role picker (its "Change role" button is gone), not to the top of the
          // page.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            document.getElementById(roleSelectId(pendingChange.profile.id))?.focus();
          }}
        />
      ) : null}
    </Flex>
  );
}

import { AppShell } from '../components/app-shell/index.ts';
import { Avatar } from '../components/avatar/index.ts';
import { Badge, SustainabilityBadge } from '../components/badge/index.ts';
import { BarChart, LineChart } from '../components/charts/index.ts';
import { ConfirmDialog } from '../components/confirm-dialog/index.ts';
import { CopyButton } from '../components/copy-button/index.ts';
import { DataTable } from '../components/data-table/index.ts';
import { DropdownMenu } from '../components/dropdown-menu/index.ts';
import { EmptyState } from '../components/empty-state/index.ts';
import { PageHeader } from '../components/page-header/index.ts';
import { Pagination } from '../components/pagination/index.ts';
import { Skeleton } from '../components/skeleton/index.ts';
import { StatCard } from '../components/stat-card/index.ts';
import { Tabs } from '../components/tabs/index.ts';
import { Tooltip } from '../components/tooltip/index.ts';
import type { ReactElement, Ref } from 'react';
import { AccessDeniedCard } from '../components/access-denied-card/index.ts';
import { Button } from '../components/button/index.ts';
import { Card } from '../components/card/index.ts';
import { Checkbox } from '../components/checkbox/index.ts';
import { ErrorCard } from '../components/error-card/index.ts';
import { Field } from '../components/field/index.ts';
import { Modal } from '../components/modal/index.ts';
import { PasswordInput } from '../components/password-input/index.ts';
import { RouterErrorPage } from '../components/router-error-page/index.ts';
import { NativeSelect } from '../components/native-select/index.ts';
import { Select } from '../components/select/index.ts';
import { SessionExpiringModal } from '../components/session-expiring-modal/index.ts';
import { Spinner } from '../components/spinner/index.ts';
import { Switch } from '../components/switch/index.ts';
import { TextInput } from '../components/text-input/index.ts';
import { Textarea } from '../components/textarea/index.ts';
import { Toaster } from '../components/toast/index.ts';
import { TransitionOverlay } from '../components/transition-overlay/index.ts';
import { VerdantTheme } from '../components/verdant-theme/index.ts';

/** What every component must accept and pass on: a ref, an extra class name and any other prop. */
export interface ConformanceProps {
  ref: Ref<HTMLElement>;
  className: string;
  'data-conformance': string;
}

export interface ConformanceCase {
  name: string;
  /** Renders the component with the given props spread on it (cast the ref to its element type). */
  render: (props: ConformanceProps) => ReactElement;
  /**
   * Where `className` lands when that is not the ref's element: form controls forward the ref and
   * other props to the native control but style their frame or row. Defaults to the ref's element.
   */
  classNameTarget?: (refTarget: HTMLElement) => Element | null;
}

const noop = () => undefined;
const parent = (el: HTMLElement) => el.parentElement;
const row = (el: HTMLElement) => el.closest('.vd-checkbox, .vd-switch');

/**
 * One row per component. Add a row with every new component. Components whose part is portalled
 * render open, so the part is in the document.
 */
export const conformanceCases: ConformanceCase[] = [
  {
    name: 'VerdantTheme',
    render: (p) => <VerdantTheme {...p} ref={p.ref as Ref<HTMLDivElement>} />,
  },
  {
    name: 'Button',
    render: (p) => (
      <Button {...p} ref={p.ref as Ref<HTMLButtonElement>}>
        Save
      </Button>
    ),
  },
  { name: 'Toaster', render: (p) => <Toaster {...p} ref={p.ref as Ref<HTMLOListElement>} /> },
  {
    name: 'TransitionOverlay',
    render: (p) => <TransitionOverlay open {...p} ref={p.ref as Ref<HTMLDivElement>} />,
  },
  {
    name: 'Modal.Content',
    render: (p) => (
      <Modal.Root open>
        <Modal.Content {...p} ref={p.ref as Ref<HTMLDivElement>}>
          <Modal.Title>Title</Modal.Title>
          <Modal.Description>Description</Modal.Description>
        </Modal.Content>
      </Modal.Root>
    ),
  },
  {
    name: 'SessionExpiringModal',
    render: (p) => (
      <SessionExpiringModal
        open
        remainingMs={60_000}
        onSignOut={noop}
        onStaySignedIn={noop}
        {...p}
        ref={p.ref as Ref<HTMLDivElement>}
      />
    ),
  },
  { name: 'Spinner', render: (p) => <Spinner {...p} ref={p.ref} /> },
  {
    name: 'ErrorCard',
    render: (p) => (
      <ErrorCard message="Failed" onRetry={noop} {...p} ref={p.ref as Ref<HTMLDivElement>} />
    ),
  },
  {
    name: 'AccessDeniedCard',
    render: (p) => (
      <AccessDeniedCard
        roles={['admin']}
        onTryAgain={noop}
        {...p}
        ref={p.ref as Ref<HTMLDivElement>}
      />
    ),
  },
  {
    name: 'RouterErrorPage',
    render: (p) => <RouterErrorPage error={new Error('Boom')} {...p} ref={p.ref} />,
  },
  { name: 'Card', render: (p) => <Card {...p} ref={p.ref as Ref<HTMLDivElement>} /> },
  {
    name: 'Field',
    render: (p) => (
      <Field label="Name" {...p} ref={p.ref as Ref<HTMLDivElement>}>
        <TextInput />
      </Field>
    ),
  },
  {
    name: 'TextInput',
    render: (p) => <TextInput aria-label="Name" {...p} ref={p.ref as Ref<HTMLInputElement>} />,
    classNameTarget: parent,
  },
  {
    name: 'PasswordInput',
    render: (p) => (
      <PasswordInput
        aria-label="Password"
        showStrength
        {...p}
        ref={p.ref as Ref<HTMLInputElement>}
      />
    ),
    classNameTarget: parent,
  },
  {
    name: 'Textarea',
    render: (p) => <Textarea aria-label="Bio" {...p} ref={p.ref as Ref<HTMLTextAreaElement>} />,
    classNameTarget: parent,
  },
  {
    name: 'Select',
    render: (p) => (
      <Select
        aria-label="Category"
        options={[{ value: 'a', label: 'A' }]}
        {...p}
        ref={p.ref as Ref<HTMLButtonElement>}
      />
    ),
  },
  {
    name: 'NativeSelect',
    render: (p) => (
      <NativeSelect
        aria-label="Category"
        options={[{ value: 'a', label: 'A' }]}
        {...p}
        ref={p.ref as Ref<HTMLSelectElement>}
      />
    ),
    classNameTarget: parent,
  },
  {
    name: 'Checkbox',
    render: (p) => <Checkbox label="Remember me" {...p} ref={p.ref as Ref<HTMLButtonElement>} />,
    classNameTarget: row,
  },
  {
    name: 'Switch',
    render: (p) => <Switch label="Email me" {...p} ref={p.ref as Ref<HTMLButtonElement>} />,
    classNameTarget: row,
  },
  {
    name: 'Tabs',
    render: (p) => (
      <Tabs.Root defaultValue="a" {...p} ref={p.ref as Ref<HTMLDivElement>}>
        <Tabs.List aria-label="Sections">
          <Tabs.Trigger value="a">A</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="a">Panel</Tabs.Content>
      </Tabs.Root>
    ),
  },
  {
    name: 'Badge',
    render: (p) => (
      <Badge {...p} ref={p.ref}>
        Active
      </Badge>
    ),
  },
  {
    name: 'SustainabilityBadge',
    render: (p) => (
      <SustainabilityBadge
        claim="B Corp"
        issuer="B Lab"
        expiresAt="2099-01-01"
        {...p}
        ref={p.ref as Ref<HTMLButtonElement>}
      />
    ),
  },
  {
    name: 'Avatar',
    render: (p) => <Avatar name="Ada Lovelace" {...p} ref={p.ref} />,
  },
  {
    name: 'DataTable',
    render: (p) => (
      <DataTable
        caption="Links"
        columns={[{ id: 'name', header: 'Name', cell: (r: { id: string }) => r.id }]}
        rows={[{ id: 'a' }]}
        getRowId={(r) => r.id}
        {...p}
        ref={p.ref as Ref<HTMLDivElement>}
      />
    ),
  },
  {
    name: 'StatCard',
    render: (p) => (
      <StatCard label="Clicks" value="12" delta={0.1} {...p} ref={p.ref as Ref<HTMLDivElement>} />
    ),
  },
  {
    name: 'LineChart',
    render: (p) => (
      <LineChart
        title="Clicks"
        data={[{ date: '2026-01-01', clicks: 3 }]}
        series={[{ key: 'clicks', label: 'Clicks' }]}
        {...p}
        ref={p.ref}
      />
    ),
  },
  {
    name: 'BarChart',
    render: (p) => (
      <BarChart
        title="Sales"
        data={[{ date: '2026-01-01', sales: 3 }]}
        series={[{ key: 'sales', label: 'Sales' }]}
        {...p}
        ref={p.ref}
      />
    ),
  },
  {
    name: 'EmptyState',
    render: (p) => <EmptyState title="Nothing here" {...p} ref={p.ref as Ref<HTMLDivElement>} />,
  },
  { name: 'Skeleton', render: (p) => <Skeleton {...p} ref={p.ref} /> },
  {
    name: 'CopyButton',
    render: (p) => <CopyButton value="x" {...p} ref={p.ref as Ref<HTMLButtonElement>} />,
  },
  {
    name: 'AppShell.Root',
    render: (p) => (
      <AppShell.Root {...p} ref={p.ref as Ref<HTMLDivElement>}>
        <AppShell.Main>Content</AppShell.Main>
      </AppShell.Root>
    ),
  },
  { name: 'PageHeader', render: (p) => <PageHeader title="Links" {...p} ref={p.ref} /> },
  {
    name: 'Pagination',
    render: (p) => <Pagination page={1} pageCount={3} onPageChange={noop} {...p} ref={p.ref} />,
  },
  {
    name: 'ConfirmDialog',
    render: (p) => (
      <ConfirmDialog
        defaultOpen
        title="Delete?"
        description="Gone for good."
        onConfirm={noop}
        {...p}
        ref={p.ref as Ref<HTMLDivElement>}
      />
    ),
  },
  {
    name: 'DropdownMenu.Content',
    render: (p) => (
      <DropdownMenu.Root defaultOpen>
        <DropdownMenu.Trigger>
          <Button>Actions</Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content {...p} ref={p.ref as Ref<HTMLDivElement>}>
          <DropdownMenu.Item>Edit</DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    ),
  },
  {
    name: 'Tooltip',
    render: (p) => (
      <Tooltip content="Help" open {...p} ref={p.ref as Ref<HTMLDivElement>}>
        <Button>Hover</Button>
      </Tooltip>
    ),
  },
];

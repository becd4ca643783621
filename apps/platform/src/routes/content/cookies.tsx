import { Flex } from '@radix-ui/themes';
import { DataTable, PageHeader, Prose, type DataTableColumn } from '@verdant/ui';

interface StoredItem {
  name: string;
  where: string;
  holds: string;
  lifetime: string;
}

const STORED: readonly StoredItem[] = [
  {
    name: 'verdant_ref',
    where: 'Cookie (first-party, HttpOnly, SameSite=Lax)',
    holds:
      'The id of the tracked-link click that brought you here, so the sale can be credited to the affiliate who sent you. Set by the server when you open a /go/ link; scripts cannot read it.',
    lifetime: 'The merchant program’s cookie window (1–365 days)',
  },
  {
    name: 'verdant.auth',
    where: 'Local storage',
    holds:
      'Your signed-in state: user, session tokens, remember-me choice, expiry time and a fingerprint of your browser and screen size. It is obfuscated, which hides it from casual reading but is not encryption.',
    lifetime: '24 hours, or 30 days with “remember me”; removed when you log out',
  },
  {
    name: 'sb-…-auth-token',
    where: 'Local storage',
    holds: 'The session of the backend client (access and refresh token) used to call the API.',
    lifetime: 'Until you log out or the session ends',
  },
  {
    name: 'verdant.app-version',
    where: 'Local storage',
    holds: 'The app version that wrote the stored data; a new version clears old data.',
    lifetime: 'Permanent',
  },
  {
    name: 'theme',
    where: 'Local storage',
    holds: 'Your theme preference (light, dark or system); the interface is always shown dark.',
    lifetime: 'Permanent',
  },
  {
    name: 'verdant.demo-session',
    where: 'Local storage',
    holds: 'That you are exploring the demo, and when you started.',
    lifetime: '24 hours; removed when you leave the demo',
  },
  {
    name: 'verdant.demo-links',
    where: 'Local storage',
    holds: 'Links you create while exploring the demo. They never reach our servers.',
    lifetime: 'Removed when you leave the demo',
  },
  {
    name: 'verdant.email-popup-shown-at',
    where: 'Local storage',
    holds: 'When the demo last offered to email you, so it asks at most once.',
    lifetime: 'Removed when you leave the demo',
  },
];

const COLUMNS: readonly DataTableColumn<StoredItem>[] = [
  { id: 'name', header: 'Name', cell: (r) => <code>{r.name}</code>, rowHeader: true },
  { id: 'where', header: 'Where', cell: (r) => r.where },
  { id: 'holds', header: 'What it holds', cell: (r) => r.holds },
  { id: 'lifetime', header: 'How long', cell: (r) => r.lifetime },
];

/** What the attribution cookie and local storage hold. */
export function Component() {
  return (
    <Flex direction="column" gap="5" py="5">
      <title>Cookies and local storage — Verdant</title>
      <PageHeader
        title="Cookies and local storage"
        description="Verdant uses one cookie, for attribution, and your browser’s local storage for your session and preferences. No advertising or third-party tracking cookies."
      />
      <DataTable
        caption="Everything Verdant stores in your browser"
        showCaption
        columns={COLUMNS}
        rows={STORED}
        getRowId={(r) => r.name}
      />
      <Prose>
        <p>
          The payment page is run by our card payment provider, which sets its own cookies to
          prevent fraud while you pay. Clearing your browser’s site data removes everything above;
          you will be signed out and a sale you make afterwards will not be credited to the
          affiliate who sent you unless the checkout still carries the click reference.
        </p>
      </Prose>
    </Flex>
  );
}

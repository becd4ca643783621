import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useAuth } from '@verdant/auth/react';
import { validateEmail } from '@verdant/validation';
import {
  Badge,
  Button,
  Card,
  CopyButton,
  DataTable,
  EmptyState,
  Field,
  Modal,
  NativeSelect,
  PageHeader,
  StatCard,
  TextInput,
  toast,
  type DataTableColumn,
} from '@verdant/ui';
import { LineChart } from '@verdant/ui/charts';
import '@verdant/ui/charts.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../lib/api.ts';
import { inPlaceOfRow, useFocusWhenShown } from '../lib/focus-when-shown.ts';
import { UNDO_DURATION, focusIsFree } from '../lib/undo.ts';
import {
  markEmailPopupShown,
  readDemoLinks,
  sampleSeries,
  shouldShowEmailPopup,
  writeDemoLinks,
  type DemoLink,
} from './demo-storage.ts';
import { formatCount, formatMoney, type RangeValue } from './vendor-format.ts';
import { PeriodPicker } from './period-picker.tsx';

/** How long a demo visitor looks around before the email offer appears (once). */
const EMAIL_POPUP_DELAY_MS = 20_000;

const randomCode = () =>
  `demo-${Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) =>
    b.toString(36).padStart(2, '0'),
  )
    .join('')
    .slice(0, 8)}`;

const deleteButtonId = (code: string) => `demo-link-delete-${code}`;
const DELETE_SELECTOR = '[id^="demo-link-delete-"]';

/** The demo dashboard (/demo-dashboard): sample figures and local demo links, no writes. */
export function Component() {
  const { user, isDemoMode, isAuthenticated, isInitialized, enterDemo, exitDemo, logout } =
    useAuth();
  const navigate = useNavigate();
  const [range, setRange] = useState<RangeValue>('30');
  const [links, setLinks] = useState<DemoLink[]>(() => readDemoLinks());
  const [productSlug, setProductSlug] = useState('');
  const [popupOpen, setPopupOpen] = useState(false);
  const [email, setEmail] = useState('');
  // The shared demo account (role demo) is a visitor too: it sees the demo, not "signed in".
  const demoAccount = isAuthenticated && !isDemoMode && user?.role === 'demo';
  const signedIn = isAuthenticated && !isDemoMode && !demoAccount;

  // Opening the dashboard directly starts demo mode (unless someone is signed in) — once, so
  // leaving the demo from this page does not start it again.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (autoStarted.current || !isInitialized) return;
    autoStarted.current = true;
    if (!isAuthenticated) void enterDemo();
  }, [isAuthenticated, isInitialized, enterDemo]);
  useEffect(() => {
    if (!isDemoMode || !shouldShowEmailPopup()) return;
    const timer = setTimeout(() => {
      if (!shouldShowEmailPopup()) return;
      markEmailPopupShown();
      setPopupOpen(true);
    }, EMAIL_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isDemoMode]);

  // Real products to link to: a read-only query of the public catalogue.
  const products = useQuery({
    queryKey: ['demo', 'products'],
    queryFn: () => api.products.list({ pageSize: 50 }),
  });

  const series = sampleSeries(Number(range));
  const totals = series.reduce(
    (sum, d) => ({
      clicks: sum.clicks + d.clicks,
      sales: sum.sales + d.sales,
      earnings: sum.earnings + d.earnings,
    }),
    { clicks: 0, sales: 0, earnings: 0 },
  );

  const addLink = (event: FormEvent) => {
    event.preventDefault();
    const product = products.data?.rows.find((p) => p.slug === productSlug);
    if (!product) return;
    const next = [
      {
        code: randomCode(),
        productName: product.name,
        productSlug: product.slug,
        createdAt: Date.now(),
      },
      ...links,
    ];
    writeDemoLinks(next);
    setLinks(next);
  };
  const focusWhenShown = useFocusWhenShown();
  const productField = useRef<HTMLSelectElement>(null);
  /** Puts the links back in this browser (Undo of a deletion keeps its place in the list). */
  const keep = (next: DemoLink[]) => {
    writeDemoLinks(next);
    setLinks(next);
  };
  // A deleted link's row goes with its button: the focus moves to the next link's Delete (or the
  // one before), or to the product picker once none is left; the toast's Undo puts it back.
  const removeLink = (link: DemoLink, control: HTMLElement) => {
    const index = links.findIndex((l) => l.code === link.code);
    focusWhenShown(inPlaceOfRow(control, DELETE_SELECTOR, () => productField.current));
    keep(links.filter((l) => l.code !== link.code));
    toast({
      title: 'Demo link deleted',
      description: link.productName,
      duration: UNDO_DURATION,
      action: {
        label: 'Undo',
        altText: `Undo: press F8 to reach the notification and bring back the demo link for ${link.productName}`,
        onClick: () => {
          const current = readDemoLinks();
          if (current.some((l) => l.code === link.code)) return;
          keep([...current.slice(0, index), link, ...current.slice(index)]);
          if (focusIsFree())
            focusWhenShown(() => document.getElementById(deleteButtonId(link.code)));
        },
      },
    });
  };

  const columns: readonly DataTableColumn<DemoLink>[] = [
    { id: 'product', header: 'Product', cell: (l) => l.productName, rowHeader: true },
    { id: 'link', header: 'Demo link', cell: (l) => <code>/go/{l.code}</code> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (l) => (
        <Flex gap="2">
          {/* A demo link is tracked nowhere: what there is to share is the product's shop page. */}
          <CopyButton
            value={`${window.location.origin}/shop/${l.productSlug}`}
            label="Copy shop link"
            aria-label={`Copy shop link for ${l.productName}`}
          />
          <Button
            id={deleteButtonId(l.code)}
            size="sm"
            variant="ghost"
            onClick={(event) => removeLink(l, event.currentTarget)}
            aria-label={`Delete demo link for ${l.productName}`}
          >
            Delete
          </Button>
        </Flex>
      ),
    },
  ];

  if (signedIn) {
    return (
      <Flex direction="column" gap="5" py="5">
        <title>Demo dashboard — Verdant</title>
        <PageHeader title="Demo dashboard" />
        <EmptyState
          title="You are signed in"
          headingLevel={2}
          description="The demo is for visitors without an account."
          action={
            <Button asChild>
              <Link to="/dashboard">Open your dashboard</Link>
            </Button>
          }
        />
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Demo dashboard — Verdant</title>
      <PageHeader
        title="Demo dashboard"
        description="What an affiliate sees on Verdant. The figures are sample data; links you make here stay in this browser."
        meta={<Badge tone="warning">Demo · sample data</Badge>}
        actions={
          <Button
            variant="outline"
            onClick={() => {
              if (demoAccount) {
                void logout().then(() => navigate('/'));
                return;
              }
              exitDemo();
              void navigate('/');
            }}
          >
            Leave the demo
          </Button>
        }
      />
      <PeriodPicker label="Demo period" value={range} onChange={setRange} />
      <Grid columns={{ initial: '1', xs: '3' }} gap="3">
        <StatCard label="Clicks (sample)" value={formatCount(totals.clicks)} />
        <StatCard label="Sales (sample)" value={formatCount(totals.sales)} />
        <StatCard
          label="Earnings (sample)"
          value={formatMoney(Math.round(totals.earnings * 100))}
        />
      </Grid>
      <LineChart
        title="Sample clicks and sales per day"
        surface="card"
        data={series}
        series={[
          { key: 'clicks', label: 'Clicks' },
          { key: 'sales', label: 'Sales' },
        ]}
      />
      <Card>
        <form onSubmit={addLink} aria-label="Make a demo link">
          <Flex direction="column" gap="3">
            <Heading as="h2" size="4">
              Make a demo link
            </Heading>
            <Text as="p" color="gray" size="2">
              Pick a real product from the catalogue. In the demo the link is kept in your browser
              and earns nothing; with an account it would be tracked at /go/ and credited to you.
            </Text>
            <Flex gap="3" align="end" wrap="wrap">
              <Field label="Product" style={{ flex: '1 1 260px' }}>
                <NativeSelect
                  ref={productField}
                  value={productSlug}
                  onChange={(event) => setProductSlug(event.target.value)}
                  disabled={!products.data}
                  placeholder="Choose a product"
                  options={(products.data?.rows ?? []).map((p) => ({
                    value: p.slug,
                    label: p.name,
                  }))}
                />
              </Field>
              <Button type="submit" disabled={!productSlug}>
                Make link
              </Button>
            </Flex>
          </Flex>
        </form>
      </Card>
      <DataTable
        caption="Your demo links"
        showCaption
        columns={columns}
        rows={links}
        getRowId={(l) => l.code}
        emptyState={<EmptyState title="No demo links yet" />}
      />
      <Modal.Root open={popupOpen} onOpenChange={setPopupOpen}>
        <Modal.Content>
          <Modal.Title>Keep what you explored</Modal.Title>
          <Modal.Description>
            Create a free account with your email to make real tracked links and earn commissions.
          </Modal.Description>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!validateEmail(email.trim()).valid) return;
              void navigate(`/signup/affiliate?email=${encodeURIComponent(email.trim())}`);
            }}
          >
            <Flex direction="column" gap="3" mt="3">
              <Field label="Email address">
                <TextInput
                  type="email"
                  value={email}
                  autoComplete="email"
                  onChange={(e) => setEmail(e.target.value)}
                />
              </Field>
              <Flex gap="2" justify="end">
                <Button type="button" variant="ghost" onClick={() => setPopupOpen(false)}>
                  Not now
                </Button>
                <Button type="submit">Create my account</Button>
              </Flex>
            </Flex>
          </form>
        </Modal.Content>
      </Modal.Root>
    </Flex>
  );
}

import { Box, Flex, Grid, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AffiliateLink, Page } from '@verdant/api-client';
import { hasPaidTier } from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import {
  Badge,
  Button,
  Card,
  CopyButton,
  DataTable,
  EmptyState,
  ErrorCard,
  Field,
  PageHeader,
  NativeSelect,
  QRCode,
  Skeleton,
  Switch,
  TextInput,
  toast,
  type DataTableColumn,
} from '@verdant/ui';
import { LineChart } from '@verdant/ui/charts';
import '@verdant/ui/charts.css';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { Link, useSearchParams } from 'react-router';
import { UpgradeCard, atPlanLimit, usePlan } from '../app/plan.tsx';
import { api } from '../lib/api.ts';
import { useConfirmLeave } from '../lib/confirm-leave.ts';
import { clicksPerDay, lastDays } from '../lib/click-days.ts';
import { errorCode } from '../lib/error-code.ts';
import { formError, plainTextWords } from '../lib/error-message.ts';
import { everyPage } from '../lib/every-page.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { markupRemovedNote } from '../lib/markup-note.ts';
import { joinedPrograms, newProgramLink } from '../lib/program-links.ts';
import { useReportUnsaved, useUnsavedForms, type ReportUnsaved } from '../lib/unsaved-forms.ts';
import { useEscapeCancels } from '../lib/escape-cancels.ts';
import { errorMessage, formatCount } from './vendor-format.ts';

// A link's audience (four tables) loads when an Affiliate Pro subscriber opens its stats.
const LinkAudienceTables = lazy(() => import('./link-audience.tsx'));

const goUrl = (code: string) => `${window.location.origin}/go/${code}`;
const NO_PRODUCT = 'program';
/** The longest title a link takes (the API refuses more); the field says so before it cuts. */
const TITLE_MAX = 200;
/** How the API's checks of a title are told at its field. */
const TITLE_WORDS = { title: plainTextWords('the title') };

/** A title field's help: its limit while empty (with what an empty one means), then the count. */
function titleHelp(length: number, whenEmpty: string): string {
  return length === 0
    ? `Up to ${TITLE_MAX} characters. ${whenEmpty}`
    : length >= TITLE_MAX
      ? `${TITLE_MAX} of ${TITLE_MAX} characters: the limit, anything longer is cut.`
      : `${length} of ${TITLE_MAX} characters`;
}

/**
 * The words for a title the API stored other than as typed (it removes markup), or nothing. An
 * empty title is named after what the link leads to, which is no change to tell.
 */
const titleNote = (typed: string, stored: AffiliateLink): string | undefined =>
  typed ? markupRemovedNote('Titles are', [[typed, stored.title]]).description : undefined;

/**
 * The affiliate's links that already lead where the form would: the same program and product (or
 * the same program's shop page), newest first. A second one is allowed (one per campaign, say), so
 * the form tells rather than refuses.
 */
function sameTarget(
  links: readonly AffiliateLink[],
  programId: string | undefined,
  productId: string | null,
): AffiliateLink[] {
  if (!programId) return [];
  return links
    .filter((l) => l.program_id === programId && (l.product_id ?? null) === productId)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
}

function CreateLink({
  links,
  onCreated,
  onShow,
  reportUnsaved,
}: {
  reportUnsaved: ReportUnsaved;
  /** The affiliate's links, to tell when the new one would lead where one already does. */
  links: readonly AffiliateLink[];
  /** `note`: said when the title was stored other than as typed. */
  onCreated: (link: AffiliateLink, note: string | undefined) => void;
  /** Opens an existing link's card (address, QR code, stats). */
  onShow: (link: AffiliateLink) => void;
}) {
  const [params] = useSearchParams();
  const catalog = useQuery({
    queryKey: ['affiliate', 'catalog'],
    queryFn: () => api.affiliate.programCatalog(),
  });
  const joined = joinedPrograms(catalog.data);
  const [programId, setProgramId] = useState(params.get('program') ?? '');
  const program = joined.find((p) => p.id === programId) ?? joined[0];
  const products = useQuery({
    queryKey: ['products', 'merchant', program?.merchant.id],
    queryFn: () => api.products.list({ merchantId: program!.merchant.id, pageSize: 100 }),
    enabled: Boolean(program),
  });
  const [productId, setProductId] = useState(NO_PRODUCT);
  const [title, setTitle] = useState('');
  // A title typed and not created: leaving the page asks first. (Only the title: the pickers
  // take a moment to set again, and start where the page's address puts them.)
  useReportUnsaved(
    reportUnsaved,
    'create',
    title.trim() ? 'The tracked link you were creating is not created yet.' : null,
  );
  // A check of the title is told at its field; anything else in the error card.
  const [error, setError] = useState<{ field: 'title' | undefined; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  const headingId = useId();

  if (catalog.isPending) return null;
  if (joined.length === 0) {
    return (
      <EmptyState
        bordered
        // In place of the form's h2, right under the page's h1.
        headingLevel={2}
        title="Join a program first"
        description="Tracked links belong to a program you are a member of."
        action={
          <Button asChild>
            <Link to="/affiliate-programs">Browse programs</Link>
          </Button>
        }
      />
    );
  }

  const product = products.data?.rows.find((p) => p.id === productId);
  const existing = sameTarget(links, program?.id, product ? product.id : null);
  const target = product
    ? product.name
    : `${program?.merchant.company_name ?? 'the merchant'}’s shop page`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!program) return;
    const form = event.currentTarget as HTMLFormElement;
    setBusy(true);
    setError(null);
    const typed = title.trim();
    try {
      const link = await api.links.create(newProgramLink(program, product, typed));
      setTitle('');
      onCreated(link, titleNote(typed, link));
    } catch (caught) {
      setError(formError(caught, ['title'], TITLE_WORDS));
      focusFirstInvalid(form, errorRef);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="lg">
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={headingId}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id={headingId}>
            Create a tracked link
          </Heading>
          {error && !error.field ? (
            <ErrorCard
              ref={errorRef}
              tabIndex={-1}
              align="start"
              title="Not created"
              message={error.message}
            />
          ) : null}
          {/* Two columns: a program's name with its merchant fits its picker. */}
          <Grid columns={{ initial: '1', md: '2' }} gap="3">
            <Field label="Program">
              <NativeSelect
                value={program?.id ?? ''}
                onChange={(event) => {
                  setProgramId(event.target.value);
                  setProductId(NO_PRODUCT);
                }}
                options={joined.map((p) => ({
                  value: p.id,
                  label: `${p.name} (${p.merchant.company_name})`,
                }))}
              />
            </Field>
            <Field label="Product">
              <NativeSelect
                value={productId}
                onChange={(event) => setProductId(event.target.value)}
                options={[
                  { value: NO_PRODUCT, label: 'The merchant’s shop page' },
                  ...(products.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name })),
                ]}
              />
            </Field>
            <Field
              label="Title (optional)"
              description={titleHelp(
                title.length,
                'Without one, the link is named after what it leads to.',
              )}
              error={error?.field === 'title' ? error.message : undefined}
            >
              <TextInput
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                maxLength={TITLE_MAX}
              />
            </Field>
          </Grid>
          {/* Always there, so the note is announced when a choice of program or product brings it. */}
          <div role="status">
            {existing[0] ? (
              <Card size="sm">
                <Flex direction="column" gap="2" align="start">
                  <Text as="p" size="2">
                    <Text weight="medium">
                      You already have{' '}
                      {existing.length === 1 ? 'a link' : `${existing.length} links`} for {target}
                    </Text>
                    {existing.length === 1 ? (
                      <>
                        : /go/{existing[0].code}
                        {existing[0].title ? ` (“${existing[0].title}”)` : ''}
                        {existing[0].is_active ? '' : ', disabled'}.
                      </>
                    ) : (
                      <>, the newest /go/{existing[0].code}.</>
                    )}{' '}
                    <Text color="gray">
                      Creating another is fine, e.g. one per campaign: give it its own title to tell
                      them apart in your stats.
                    </Text>
                  </Text>
                  <Button
                    type="button"
                    size="sm"
                    variant="secondary"
                    onClick={() => onShow(existing[0]!)}
                  >
                    Show /go/{existing[0].code}
                  </Button>
                </Flex>
              </Card>
            ) : null}
          </div>
          <Box>
            <Button type="submit" loading={busy}>
              Create link
            </Button>
          </Box>
        </Flex>
      </form>
    </Card>
  );
}

const statsButtonId = (link: AffiliateLink) => `stats-${link.id}`;

/**
 * The title's editor, in place of the card's Edit title button: Save stores it, Cancel (or Escape)
 * leaves it as it was. A refused title is told at the field, which takes the focus again.
 */
function TitleEditor({
  link,
  onSaved,
  onCancel,
  reportUnsaved,
}: {
  link: AffiliateLink;
  reportUnsaved: ReportUnsaved;
  /** `typed`: the title as sent, to tell when the API stored it otherwise. */
  onSaved: (stored: AffiliateLink, typed: string) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(link.title ?? '');
  // Changed and not saved: leaving the page asks first (Save and Cancel close the editor).
  useReportUnsaved(
    reportUnsaved,
    `title:${link.id}`,
    title.trim() !== (link.title ?? '')
      ? `Your new title for /go/${link.code} is not saved.`
      : null,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // The field takes the place of the button that opened it: the focus moves into it.
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.focus(), []);
  // Escape anywhere in the editor cancels as Cancel does: the link keeps its saved title.
  useEscapeCancels(formRef, onCancel);
  const focusFirstInvalid = useFocusFirstInvalid();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = title.trim();
    setBusy(true);
    setError(null);
    try {
      // An empty title is stored as none: the link then shows its code.
      const stored = await api.links.update(link.id, { title: typed || null });
      onSaved(stored, typed);
    } catch (caught) {
      // The form has one field: whatever went wrong is told there.
      setError(formError(caught, ['title'], TITLE_WORDS).message);
      setBusy(false);
      focusFirstInvalid(formRef.current);
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`Edit the title of /go/${link.code}`}
      style={{ width: '100%' }}
    >
      <Flex direction="column" gap="2">
        <Field
          label="Title"
          description={titleHelp(title.length, 'Without one, the link shows its code.')}
          error={error ?? undefined}
        >
          <TextInput
            ref={inputRef}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={TITLE_MAX}
          />
        </Field>
        <Flex gap="2">
          <Button type="submit" size="sm" loading={busy}>
            Save
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/** The days the card's chart shows: the last 30, today's included. */
const STATS_DAYS = 30;

/** What Affiliate Pro adds, in place of a link's audience for everyone else. */
function AudienceOffer() {
  return (
    <Card size="sm" variant="brand">
      <Flex
        direction={{ initial: 'column', sm: 'row' }}
        gap="3"
        align={{ initial: 'start', sm: 'center' }}
        justify="between"
      >
        <Text as="p" size="2">
          See where your clicks come from — devices, browsers, countries and referring sites — with
          Affiliate Pro.
        </Text>
        <Button asChild variant="secondary" size="sm" style={{ flexShrink: 0 }}>
          <Link to="/pricing">See Affiliate Pro</Link>
        </Button>
      </Flex>
    </Card>
  );
}

/**
 * Where a link's clicks of the stats' days came from: devices, browsers, countries and referring
 * sites. Affiliate Pro (and administrators) only: the database refuses everyone else, so they get
 * the offer instead of a request bound to fail (and so does a plan that ended meanwhile).
 */
function LinkAudience({ link }: { link: AffiliateLink }) {
  const { user } = useAuth();
  const included = user?.role === 'admin' || hasPaidTier(user, 'pro');
  const headingId = useId();
  const audience = useQuery({
    queryKey: ['links', 'audience', link.id, STATS_DAYS],
    queryFn: () => api.links.audience({ linkId: link.id, days: STATS_DAYS }),
    enabled: included,
  });
  const refused = errorCode(audience.error) === 'forbidden';
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-labelledby={headingId}>
        <Box>
          <Heading as="h3" size="3" id={headingId}>
            Audience
          </Heading>
          {included && !refused ? (
            <Text as="p" size="2" color="gray">
              Where the clicks of the last {STATS_DAYS} days came from
            </Text>
          ) : null}
        </Box>
        {!included || refused ? (
          <AudienceOffer />
        ) : audience.isError ? (
          <ErrorCard
            message={errorMessage(audience.error)}
            onRetry={() => void audience.refetch()}
          />
        ) : (
          <Suspense fallback={<Skeleton height={160} />}>
            <LinkAudienceTables
              audience={audience.data}
              loading={audience.isPending}
              days={STATS_DAYS}
            />
          </Suspense>
        )}
      </section>
    </Flex>
  );
}

/**
 * One link's address, copy button, QR code and clicks. It opens above the table (for a link
 * just created, or from a row's Stats), so it takes the focus when it opens or shows another
 * link: keyboard and screen-reader users land on it, and the page scrolls to it. Its title can be
 * edited in place.
 */
function LinkDetail({
  link,
  onClose,
  onSaved,
  reportUnsaved,
}: {
  link: AffiliateLink;
  reportUnsaved: ReportUnsaved;
  onClose: () => void;
  /** The link as stored after its title was edited. */
  onSaved: (link: AffiliateLink) => void;
}) {
  const [days] = useState(() => lastDays(STATS_DAYS));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [link.id]);
  const [editing, setEditing] = useState(false);
  // Cancel and Save take the editor away: the focus goes back to the button that opened it.
  const editRef = useRef<HTMLButtonElement>(null);
  const refocusEdit = useRef(false);
  useEffect(() => {
    if (editing || !refocusEdit.current) return;
    refocusEdit.current = false;
    editRef.current?.focus();
  }, [editing]);
  const stopEditing = useCallback(() => {
    refocusEdit.current = true;
    setEditing(false);
  }, []);

  const clicks = useQuery({
    queryKey: ['links', 'daily', link.id],
    queryFn: () => api.links.dailyClicks(link.id, { from: `${days[0]}T00:00:00Z` }),
  });
  const rows = clicks.data ?? [];
  const total = rows.reduce((sum, d) => sum + d.clicks, 0);
  const unique = rows.reduce((sum, d) => sum + d.unique_clicks, 0);
  // Days of bots alone are stored too, with no clicks: without any click the chart says so in
  // words rather than drawing a flat line at zero.
  const points = total > 0 ? clicksPerDay(days, rows) : [];
  return (
    <Card size="lg">
      <Grid columns={{ initial: '1', md: '3' }} gap="4" align="start">
        <Flex direction="column" gap="3" align="start">
          <Heading
            as="h2"
            size="4"
            ref={headingRef}
            tabIndex={-1}
            style={{ overflowWrap: 'anywhere' }}
          >
            {link.title ?? link.code}
          </Heading>
          {editing ? (
            <TitleEditor
              link={link}
              reportUnsaved={reportUnsaved}
              onCancel={stopEditing}
              onSaved={(stored, typed) => {
                onSaved(stored);
                toast({
                  title: 'Title saved',
                  description: titleNote(typed, stored) ?? `/go/${stored.code}`,
                });
                stopEditing();
              }}
            />
          ) : (
            <Button ref={editRef} variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Edit title
            </Button>
          )}
          <Text size="2" color="gray" style={{ overflowWrap: 'anywhere' }}>
            {goUrl(link.code)}
          </Text>
          <CopyButton value={goUrl(link.code)} label="Copy link" />
          <QRCode value={goUrl(link.code)} size={148} label={`QR code for ${link.code}`} />
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close stats
          </Button>
        </Flex>
        <Box gridColumn={{ initial: '1', md: '2 / 4' }}>
          <Flex gap="4" mb="3" wrap="wrap">
            <Text size="2">
              <Text weight="bold">{formatCount(total)}</Text> {total === 1 ? 'click' : 'clicks'}
            </Text>
            <Text size="2">
              <Text weight="bold">{formatCount(unique)}</Text> unique
            </Text>
            <Text size="2" color="gray">
              last {STATS_DAYS} days
            </Text>
          </Flex>
          <LineChart
            title="Clicks on this link"
            data={points}
            loading={clicks.isPending}
            series={[
              { key: 'clicks', label: 'Clicks' },
              { key: 'unique', label: 'Unique' },
            ]}
            emptyState={<EmptyState title={`No clicks in the last ${STATS_DAYS} days`} />}
          />
        </Box>
        <Box gridColumn={{ initial: '1', md: '1 / 4' }}>
          <LinkAudience link={link} />
        </Box>
      </Grid>
    </Card>
  );
}

/**
 * /affiliate-links: create links for a product or program, copy, QR, enable/disable, stats and
 * (Affiliate Pro) each link's audience.
 */
export function Component() {
  const queryClient = useQueryClient();
  // Every link, page by page: the table shows them ten at a time, and the form's note about a link
  // that leads to the same place looks through all of them.
  const links = useQuery({
    queryKey: ['links', 'mine'],
    queryFn: () => everyPage((page) => api.links.listMine(page)),
  });
  const [selected, setSelected] = useState<string | null>(null);
  const rows = links.data?.rows ?? [];
  const { limits } = usePlan();
  // The plan gate (the database enforces the same limit).
  const atLimit = atPlanLimit(limits.affiliate_links, links.data?.total);
  const current = rows.find((l) => l.id === selected) ?? null;
  // The create form and the title editor hold what is typed until Create or Save: leaving the
  // page asks first, in one question for both.
  const [unsaved, reportUnsaved] = useUnsavedForms();
  useConfirmLeave(unsaved !== null, unsaved ?? '');

  // The card and the table show the title as saved at once, before the list is loaded again.
  const saved = (link: AffiliateLink) => {
    queryClient.setQueryData<Page<AffiliateLink>>(['links', 'mine'], (page) =>
      page ? { ...page, rows: page.rows.map((l) => (l.id === link.id ? link : l)) } : page,
    );
    void queryClient.invalidateQueries({ queryKey: ['links', 'mine'] });
  };

  const toggle = async (link: AffiliateLink, active: boolean) => {
    try {
      await api.links.update(link.id, { is_active: active });
      await queryClient.invalidateQueries({ queryKey: ['links', 'mine'] });
      toast({ title: active ? 'Link enabled' : 'Link disabled', description: `/go/${link.code}` });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(caught) });
    }
  };

  const columns: readonly DataTableColumn<AffiliateLink>[] = [
    {
      id: 'link',
      header: 'Link',
      rowHeader: true,
      cell: (l) => (
        <Flex direction="column">
          <Text weight="medium">{l.title ?? l.code}</Text>
          <Text size="1" color="gray">
            /go/{l.code}
          </Text>
        </Flex>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (l) => (
        <Badge tone={l.is_active ? 'success' : 'neutral'}>
          {l.is_active ? 'Active' : 'Disabled'}
        </Badge>
      ),
    },
    {
      id: 'enabled',
      header: 'Enabled',
      cell: (l) => (
        // The status column shows the state in words; the switch's label names the link.
        <Switch
          label={<VisuallyHidden>Enable /go/{l.code}</VisuallyHidden>}
          style={{ width: 'fit-content' }}
          checked={l.is_active}
          onCheckedChange={(checked) => void toggle(l, checked)}
        />
      ),
    },
    {
      id: 'actions',
      header: 'Details',
      actions: true,
      align: 'end',
      cell: (l) => (
        <Button
          id={statsButtonId(l)}
          size="sm"
          // Drawn as a button: a ghost one read as a stray word in a phone's stacked rows.
          variant="secondary"
          onClick={() => setSelected(l.id)}
          aria-label={`Stats for /go/${l.code}`}
        >
          Stats
        </Button>
      ),
    },
  ];

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Affiliate links — Verdant</title>
      <PageHeader
        title="Affiliate links"
        description="Every link is tracked at /go/{code}: clicks are counted once per visitor and hour, and sales are credited to you."
      />
      {atLimit ? (
        <UpgradeCard
          title={`Your free plan includes ${limits.affiliate_links} tracked links`}
          description="Affiliate Pro unlocks unlimited tracked links. All your links keep working, and you can enable, disable and share them as before."
        />
      ) : (
        <CreateLink
          links={rows}
          reportUnsaved={reportUnsaved}
          onShow={(link) => setSelected(link.id)}
          onCreated={(link, note) => {
            toast({ title: 'Link created', description: note ?? goUrl(link.code) });
            setSelected(link.id);
            void queryClient.invalidateQueries({ queryKey: ['links', 'mine'] });
          }}
        />
      )}
      {current ? (
        // One card per link: another link's card starts afresh (its Copy button not "Copied").
        <LinkDetail
          key={current.id}
          link={current}
          reportUnsaved={reportUnsaved}
          onSaved={saved}
          onClose={() => {
            setSelected(null);
            // Back to the row the stats were opened from.
            document.getElementById(statsButtonId(current))?.focus();
          }}
        />
      ) : null}
      {links.isError ? (
        <ErrorCard message={errorMessage(links.error)} onRetry={() => void links.refetch()} />
      ) : (
        <DataTable
          caption="Your links"
          showCaption
          columns={columns}
          rows={rows}
          loading={links.isPending}
          getRowId={(l) => l.id}
          emptyState={
            <EmptyState title="No links yet" description="Create your first link above." />
          }
        />
      )}
    </Flex>
  );
}

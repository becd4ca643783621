import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AffiliateLink,
  CatalogProgram,
  LinkPageItem,
  LinkPagePreviewItem,
  LinkPageWithItems,
  NewLinkPageItem,
  Product,
} from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorCard,
  Field,
  NativeSelect,
  PageHeader,
  SegmentedControl,
  Switch,
  Textarea,
  TextInput,
  ThemePicker,
  toast,
  type LinkPageThemeName,
  type ToastHandle,
} from '@verdant/ui';
import '@verdant/ui/link-in-bio.css';
import { SortableList } from '@verdant/ui/sortable-list';
import '@verdant/ui/sortable-list.css';
import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { atPlanLimit, usePlan } from '../app/plan.tsx';
import { api } from '../lib/api.ts';
import { markupRemovedNote } from '../lib/markup-note.ts';
import { useConfirmLeave } from '../lib/confirm-leave.ts';
import { LinkPageView, type LinkPageViewItem } from './link-page-blocks.tsx';
import { formError } from '../lib/error-message.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import {
  UnlimitedLinksLink,
  isLinkLimitRefusal,
  linkLimitRefusal,
  noNewLinkNote,
} from '../lib/link-limit.tsx';
import { joinedPrograms, newProgramLink } from '../lib/program-links.ts';
import { errorMessage } from './vendor-format.ts';
import { UNDO_DURATION, focusIsFree } from '../lib/undo.ts';
import { useReportUnsaved, useUnsavedForms, type ReportUnsaved } from '../lib/unsaved-forms.ts';
import { useEscapeCancels } from '../lib/escape-cancels.ts';

const MINE = ['link-pages', 'mine'] as const;
type ItemKind = 'link' | 'header' | 'product' | 'affiliate_link';

const kindLabel: Record<string, string> = {
  link: 'Link',
  header: 'Header',
  affiliate_link: 'Tracked link',
  product: 'Product',
};

/** The signed-in affiliate's tracked links, newest first (as the storefront editor reads them). */
const myLinks = queryOptions({
  queryKey: ['links', 'mine'],
  queryFn: () => api.links.listMine({ pageSize: 100 }),
});

/** The programs of the catalogue with the signed-in affiliate's membership of each. */
const programCatalog = queryOptions({
  queryKey: ['affiliate', 'catalog'],
  queryFn: () => api.affiliate.programCatalog(),
});

/**
 * What the editor reads about an item besides its row, from the preview: the name of its product or
 * tracked link, and the code a visitor follows (null when visits to it are not tracked).
 */
type ItemDetails = Pick<
  LinkPagePreviewItem,
  'link_code' | 'link_title' | 'product_slug' | 'product_name'
>;

/**
 * An item's name in the list, its buttons and the announcements: its label, or else the name of
 * what it shows (`known`: the product's name, when the item was just added and not yet read back).
 */
function itemName(item: LinkPageItem, details?: ItemDetails, known?: string): string {
  if (item.label) return item.label;
  if (item.kind === 'product')
    return (
      details?.product_name ?? known ?? (details ? 'Product no longer in the shop' : 'Product')
    );
  if (item.kind === 'affiliate_link')
    return details
      ? (details.link_title ??
          (details.link_code ? `/go/${details.link_code}` : 'Disabled tracked link'))
      : (known ?? kindLabel.affiliate_link!);
  return kindLabel[item.kind] ?? 'Item';
}

/** The line under an item's name: its kind, its address, whether visits are credited, hidden. */
function itemSummary(item: LinkPageItem, details?: ItemDetails): string {
  const parts = [kindLabel[item.kind] ?? 'Item'];
  if (item.kind === 'link' && item.url) parts.push(item.url);
  if (item.kind === 'product' && details)
    parts.push(
      !details.product_slug
        ? 'not in the shop, not shown'
        : details.link_code
          ? `through your tracked link /go/${details.link_code}`
          : 'no tracked link, visits are not credited',
    );
  if (item.kind === 'affiliate_link' && details)
    parts.push(details.link_code ? `/go/${details.link_code}` : 'link disabled, not shown');
  if (!item.is_visible) parts.push('hidden');
  return parts.join(' · ');
}

/** Where the page lives, once the owner has a username (set on the profile). */
const pageAddress = (username: string | null | undefined) => (username ? ` at /@${username}` : '');

function CreatePage({ name, username }: { name: string; username: string | null | undefined }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      await api.linkPages.create({ title: name });
      await queryClient.invalidateQueries({ queryKey: MINE });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Not created', description: errorMessage(caught) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <EmptyState
      bordered
      title="You have no link-in-bio page yet"
      description={`One page with your links, favourite products and storefronts${pageAddress(username)}.`}
      action={
        <Button onClick={() => void create()} loading={busy}>
          Create my page
        </Button>
      }
    />
  );
}

function ItemEditor({
  item,
  name,
  onSaved,
  onCancel,
  reportUnsaved,
}: {
  item: LinkPageItem;
  /** The item's name as the list shows it. */
  name: string;
  reportUnsaved: ReportUnsaved;
  /** `note`: said when the label was stored other than as typed. */
  onSaved: (item: LinkPageItem, note: string | undefined) => void;
  onCancel: () => void;
}) {
  const [label, setLabel] = useState(item.label ?? '');
  const [url, setUrl] = useState(item.url ?? '');
  const [error, setError] = useState<{ field: 'label' | 'url'; message: string } | null>(null);
  // Typed and not saved: leaving the page asks first. Saving or cancelling closes the editor.
  const changed =
    label.trim() !== (item.label ?? '') ||
    (item.kind === 'link' && url.trim() !== (item.url ?? ''));
  useReportUnsaved(
    reportUnsaved,
    `edit:${item.id}`,
    changed ? `Your changes to the item “${name}” are not saved.` : null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  // The editor takes the place of the item's Edit button: the focus moves into it.
  const labelRef = useRef<HTMLInputElement>(null);
  useEffect(() => labelRef.current?.focus(), []);
  // Escape anywhere in the editor cancels the edit as Cancel does: the item keeps its saved values.
  useEscapeCancels(formRef, onCancel);
  const focusFirstInvalid = useFocusFirstInvalid();
  // Links and headers are their label; products and tracked links show their own name without one.
  const labelRequired = item.kind === 'link' || item.kind === 'header';
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (labelRequired && !label.trim()) {
      setError({ field: 'label', message: 'Label must not be empty' });
      focusFirstInvalid(formRef.current);
      return;
    }
    try {
      const changes =
        item.kind === 'link'
          ? { label: label.trim(), url: url.trim() }
          : { label: label.trim() || null };
      const stored = await api.linkPages.updateItem(item.id, changes);
      onSaved(stored, markupRemovedNote('Labels are', [[changes.label, stored.label]]).description);
    } catch (caught) {
      // Any error but the address's goes under Label, the one field every item has.
      const { field, message } = formError(caught, item.kind === 'link' ? ['url'] : []);
      setError({ field: field ?? 'label', message });
      focusFirstInvalid(formRef.current);
    }
  };
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`Edit ${name}`}
    >
      <Flex direction="column" gap="2">
        <Field
          label={labelRequired ? 'Label' : 'Label (optional)'}
          description={
            item.kind === 'product'
              ? 'Leave it empty to show the product’s name.'
              : item.kind === 'affiliate_link'
                ? 'Leave it empty to show the tracked link’s title.'
                : undefined
          }
          error={error?.field === 'label' ? error.message : undefined}
        >
          <TextInput
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            maxLength={200}
            ref={labelRef}
          />
        </Field>
        {item.kind === 'link' ? (
          <Field label="Address" error={error?.field === 'url' ? error.message : undefined}>
            <TextInput value={url} onChange={(e) => setUrl(e.target.value)} inputMode="url" />
          </Field>
        ) : null}
        <Flex gap="2">
          <Button type="submit" size="sm">
            Save item
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}

/** Whether a link still takes visitors through the tracker: active and not expired. */
const isLive = (link: AffiliateLink) =>
  link.is_active && (!link.expires_at || Date.parse(link.expires_at) > Date.now());

/**
 * How visits to a product item would be credited: through the affiliate's live tracked link for
 * the product; through one made when the item is added, in a program of the product's merchant the
 * affiliate is approved in; or not at all, with what stands in the way.
 */
type Tracking =
  | { state: 'linked'; link: AffiliateLink }
  | { state: 'create'; program: CatalogProgram }
  | { state: 'pending'; program: CatalogProgram }
  | { state: 'join'; merchant: string }
  | { state: 'no-program' };

function trackingOf(
  product: Pick<Product, 'id' | 'merchant_id'>,
  links: readonly AffiliateLink[],
  catalog: readonly CatalogProgram[],
): Tracking {
  // The newest live link, the one the page links through.
  const link = links.find((l) => l.product_id === product.id && isLive(l));
  if (link) return { state: 'linked', link };
  const programs = catalog.filter((p) => p.merchant.id === product.merchant_id);
  const joined = joinedPrograms(programs)[0];
  if (joined) return { state: 'create', program: joined };
  const pending = programs.find((p) => p.membership?.status === 'pending');
  if (pending) return { state: 'pending', program: pending };
  const merchant = programs[0]?.merchant.company_name;
  return merchant ? { state: 'join', merchant } : { state: 'no-program' };
}

/** What the product picker says about crediting, in words (and where to join a program). */
function trackingNote(tracking: Tracking): ReactNode {
  switch (tracking.state) {
    case 'linked':
      return `Visits go through your tracked link “${tracking.link.title ?? tracking.link.code}” (/go/${tracking.link.code}), so purchases are credited to you.`;
    case 'create':
      return `You have no tracked link for it yet: adding it creates one in ${tracking.program.name}, so purchases are credited to you.`;
    case 'pending':
      return (
        <>
          You have no tracked link for it, so visits will not be credited to you. Your application
          to {tracking.program.name} is waiting for the merchant: once it is approved,{' '}
          <Link to={`/affiliate-links?program=${tracking.program.id}`}>create a tracked link</Link>{' '}
          for it.
        </>
      );
    case 'join':
      return (
        <>
          You have no tracked link for it, so visits will not be credited to you.{' '}
          <Link to="/affiliate-programs">Join a program of {tracking.merchant}</Link> to create one.
        </>
      );
    case 'no-program':
      return 'You have no tracked link for it, and its merchant runs no program you can join: visits will not be credited to you.';
  }
}

/**
 * What a tracked-link item would link through: one of the affiliate's live links (chosen, or the
 * one it has to a chosen program's shop), or a link to the program's shop made when it is added.
 */
type LinkChoice =
  | { state: 'linked'; link: AffiliateLink; program?: CatalogProgram }
  | { state: 'create'; program: CatalogProgram };

/** The tracked-link picker's values: one of the affiliate's links, or a program it has joined. */
const LINK = 'link:';
const PROGRAM = 'program:';

function linkChoiceOf(
  value: string,
  links: readonly AffiliateLink[],
  catalog: readonly CatalogProgram[],
): LinkChoice | undefined {
  if (value.startsWith(LINK)) {
    const link = links.find((l) => l.id === value.slice(LINK.length) && isLive(l));
    return link ? { state: 'linked', link } : undefined;
  }
  const program = joinedPrograms(catalog).find((p) => p.id === value.slice(PROGRAM.length));
  if (!value.startsWith(PROGRAM) || !program) return undefined;
  // The newest live link to the program's shop, if there is one: no second link is made.
  const link = links.find((l) => l.program_id === program.id && !l.product_id && isLive(l));
  return link ? { state: 'linked', link, program } : { state: 'create', program };
}

/** A tracked link as the picker and the notes name it: its title, or else its address. */
const linkName = (link: AffiliateLink) => link.title ?? `/go/${link.code}`;

/** The free plan's limit, in words, as the product picker's notes say it. */
const linksInUse = (limit: number | null) =>
  limit === null
    ? 'your plan’s tracked links are all in use'
    : `the ${limit} tracked links of your free plan are all in use`;

/** What the tracked-link picker says about a choice, before the user presses Add. */
function linkChoiceNote(
  choice: LinkChoice | undefined,
  noNewLinks: boolean,
  limit: number | null,
): ReactNode {
  if (!choice)
    return noNewLinks ? (
      <>
        {`${linksInUse(limit).charAt(0).toUpperCase()}${linksInUse(limit).slice(1)}`}: choose one of
        your tracked links, or a program you already have a link to the shop of.{' '}
        <UnlimitedLinksLink />.
      </>
    ) : (
      'Choose one of your tracked links, or a program you have joined to link to its merchant’s shop.'
    );
  const shop = (program: CatalogProgram) => `${program.merchant.company_name}’s shop`;
  if (choice.state === 'linked') {
    const through = `“${linkName(choice.link)}” (/go/${choice.link.code})`;
    const credited = choice.link.program_id ? ', so purchases are credited to you' : '';
    return choice.program
      ? `You already have a tracked link to ${shop(choice.program)}: visits go through ${through}${credited}.`
      : `Visits go through your tracked link ${through}${credited}.`;
  }
  return noNewLinks ? (
    <>
      You have no tracked link to {shop(choice.program)}, and {linksInUse(limit)}: it cannot be
      added, choose one of your tracked links instead. <UnlimitedLinksLink />.
    </>
  ) : (
    `Adding it creates a tracked link to ${shop(choice.program)} in ${choice.program.name}, so purchases are credited to you.`
  );
}

/**
 * The add form's error: at a field (`label`, `url`, `product`, `affiliateLink`) or, without one, in
 * its error card.
 */
interface AddError {
  field: 'label' | 'url' | 'product' | 'affiliateLink' | undefined;
  message: ReactNode;
}

function AddItem({
  pageId,
  onAdded,
  labelRef,
  reportUnsaved,
}: {
  pageId: string;
  reportUnsaved: ReportUnsaved;
  /** `name`: the new item's name in the list; `note`: what else happened (a tracked link made). */
  onAdded: (item: LinkPageItem, name: string, note?: string) => void;
  /** The label field, which takes the focus when the last item is removed. */
  labelRef: RefObject<HTMLInputElement | null>;
}) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ItemKind>('link');
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  // No product until one is chosen: the picker starts on its placeholder.
  const [productId, setProductId] = useState('');
  // No tracked link or program until one is chosen (`link:{id}` or `program:{id}`).
  const [linkValue, setLinkValue] = useState('');
  // Something typed or chosen for the kind shown, and not added: leaving the page asks first.
  const unsaved =
    Boolean(label.trim()) ||
    (kind === 'link' && Boolean(url.trim())) ||
    (kind === 'product' && Boolean(productId)) ||
    (kind === 'affiliate_link' && Boolean(linkValue));
  useReportUnsaved(
    reportUnsaved,
    'add',
    unsaved ? 'The item you were adding is not added yet.' : null,
  );
  const [error, setError] = useState<AddError | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  const catalog = useQuery({
    queryKey: ['products', 'catalog', 'link-page-picker'],
    queryFn: () => api.products.list({ pageSize: 100 }),
    enabled: kind === 'product',
  });
  const picksLinks = kind === 'product' || kind === 'affiliate_link';
  const links = useQuery({ ...myLinks, enabled: picksLinks });
  const programs = useQuery({ ...programCatalog, enabled: picksLinks });
  const { limits } = usePlan();
  // Set when the database refused a new tracked link for the plan's limit, which the count read
  // had not reached yet (a link made in another tab, say): from then on products are added without.
  const [limitMet, setLimitMet] = useState(false);
  /** Whether the plan allows no new tracked link: the free plan's are all in use. */
  const noNewLinks = (total: number | undefined) =>
    limitMet || atPlanLimit(limits.affiliate_links, total);
  const products = catalog.data?.rows ?? [];
  const product = products.find((p) => p.id === productId);
  const tracking =
    product && links.data && programs.data
      ? trackingOf(product, links.data.rows, programs.data)
      : undefined;
  // A tracked link would be made, but the plan allows no more: said before the user presses Add,
  // and the item is added without one (a product item needs none).
  const addsUntracked = tracking?.state === 'create' && noNewLinks(links.data?.total);
  const productNote: ReactNode = catalog.isError
    ? errorMessage(catalog.error)
    : !product
      ? 'Choose a product to see whether visits to it are credited to you.'
      : links.isError || programs.isError
        ? errorMessage(links.error ?? programs.error)
        : tracking
          ? addsUntracked
            ? noNewLinkNote(limits.affiliate_links)
            : trackingNote(tracking)
          : 'Checking your tracked links…';
  // The tracked-link kind: the affiliate's live links and the programs it has joined.
  const liveLinks = (links.data?.rows ?? []).filter(isLive);
  const joined = joinedPrograms(programs.data);
  const linkChoice =
    links.data && programs.data
      ? linkChoiceOf(linkValue, links.data.rows, programs.data)
      : undefined;
  const linkNote: ReactNode =
    links.isError || programs.isError ? (
      errorMessage(links.error ?? programs.error)
    ) : !links.data || !programs.data ? (
      'Loading your tracked links and programs…'
    ) : liveLinks.length === 0 && joined.length === 0 ? (
      <>
        You have no tracked link yet, and no program to make one in.{' '}
        <Link to="/affiliate-programs">Join a program</Link> to link to its shop.
      </>
    ) : (
      linkChoiceNote(linkChoice, noNewLinks(links.data.total), limits.affiliate_links)
    );

  const refuse = (refusal: AddError) => {
    setError(refusal);
    focusFirstInvalid(formRef.current, errorRef);
  };

  const addProduct = async (chosen: Product) => {
    // Read now (from the cache when fresh), so what is done is what the picker said.
    const [mine, catalogPrograms] = await Promise.all([
      queryClient.ensureQueryData(myLinks),
      queryClient.ensureQueryData(programCatalog),
    ]);
    const tracking = trackingOf(chosen, mine.rows, catalogPrograms);
    const untracked = tracking.state === 'create' && noNewLinks(mine.total);
    if (tracking.state === 'create' && !untracked) {
      try {
        await api.links.create(newProgramLink(tracking.program, chosen));
      } catch (caught) {
        if (!isLinkLimitRefusal(caught)) throw caught;
        // Nothing added: the user chooses to add it without a link, knowing what that means.
        setLimitMet(true);
        return null;
      }
      void queryClient.invalidateQueries({ queryKey: ['links'] });
    }
    const item = await api.linkPages.addItem(pageId, {
      kind: 'product',
      product_id: chosen.id,
      label: label.trim() || null,
      position: 10_000,
    });
    const note =
      tracking.state === 'create' && !untracked
        ? `A tracked link for it was created in ${tracking.program.name}.`
        : tracking.state === 'linked'
          ? undefined
          : 'It has no tracked link: visits are not credited.';
    return { item, name: label.trim() || chosen.name, note };
  };

  /** Adds a tracked-link item; null when the link it needs could not be made (the plan's limit). */
  const addTrackedLink = async () => {
    const [mine, catalogPrograms] = await Promise.all([
      queryClient.ensureQueryData(myLinks),
      queryClient.ensureQueryData(programCatalog),
    ]);
    const choice = linkChoiceOf(linkValue, mine.rows, catalogPrograms);
    if (!choice) throw new Error('That tracked link or program is no longer there: choose again.');
    let link: AffiliateLink;
    if (choice.state === 'create') {
      if (noNewLinks(mine.total)) return null;
      try {
        link = await api.links.create(newProgramLink(choice.program));
      } catch (caught) {
        if (!isLinkLimitRefusal(caught)) throw caught;
        setLimitMet(true);
        return null;
      }
      void queryClient.invalidateQueries({ queryKey: ['links'] });
    } else link = choice.link;
    const item = await api.linkPages.addItem(pageId, {
      kind: 'affiliate_link',
      affiliate_link_id: link.id,
      label: label.trim() || null,
      position: 10_000,
    });
    const note =
      choice.state === 'create'
        ? `A tracked link to ${choice.program.merchant.company_name}’s shop was created in ${choice.program.name}.`
        : undefined;
    return { item, name: label.trim() || linkName(link), note };
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (kind === 'product' && !product) {
      refuse({ field: 'product', message: 'Choose a product to add' });
      return;
    }
    if (kind === 'affiliate_link' && !linkValue) {
      refuse({ field: 'affiliateLink', message: 'Choose a tracked link or a program to add' });
      return;
    }
    setBusy(true);
    try {
      const added: { item: LinkPageItem; name: string; note?: string } | null =
        kind === 'product' && product
          ? await addProduct(product)
          : kind === 'affiliate_link'
            ? await addTrackedLink()
            : {
                item: await api.linkPages.addItem(
                  pageId,
                  kind === 'link'
                    ? { kind, label: label.trim(), url: url.trim(), position: 10_000 }
                    : { kind: 'header', label: label.trim(), position: 10_000 },
                ),
                name: label.trim(),
              };
      if (!added) {
        refuse({
          field: kind === 'affiliate_link' ? 'affiliateLink' : 'product',
          message: linkLimitRefusal(limits.affiliate_links),
        });
        return;
      }
      setLabel('');
      setUrl('');
      setProductId('');
      setLinkValue('');
      onAdded(added.item, added.name, added.note);
    } catch (caught) {
      const { field, message } = formError(caught, [
        'url',
        'label',
        'product_id',
        'affiliate_link_id',
      ]);
      refuse({
        field:
          field === 'product_id'
            ? 'product'
            : field === 'affiliate_link_id'
              ? 'affiliateLink'
              : kind === 'affiliate_link' && !field
                ? 'affiliateLink'
                : field,
        message,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Add an item"
    >
      <Flex direction="column" gap="3">
        <Heading as="h3" size="3">
          Add an item
        </Heading>
        {error && !error.field ? (
          <ErrorCard
            ref={errorRef}
            tabIndex={-1}
            align="start"
            title="Not added"
            message={error.message}
          />
        ) : null}
        <Grid columns={{ initial: '1', sm: '3' }} gap="3">
          <Field label="Kind">
            <NativeSelect
              value={kind}
              onChange={(event) => {
                setKind(event.target.value as ItemKind);
                setError(null);
              }}
              options={[
                { value: 'link', label: 'Link' },
                { value: 'product', label: 'Product' },
                { value: 'affiliate_link', label: 'Tracked link' },
                { value: 'header', label: 'Header' },
              ]}
            />
          </Field>
          {kind === 'affiliate_link' ? (
            // Two columns wide, as the product picker: room for what it says about crediting.
            <Box gridColumn={{ sm: 'span 2' }}>
              <Field
                label="Tracked link or program"
                description={linkNote}
                error={error?.field === 'affiliateLink' ? error.message : undefined}
              >
                <NativeSelect
                  value={linkValue}
                  onChange={(event) => {
                    setLinkValue(event.target.value);
                    if (error?.field === 'affiliateLink') setError(null);
                  }}
                  options={[
                    ...joined.map((p) => ({
                      value: `${PROGRAM}${p.id}`,
                      label: `Program: ${p.name} (${p.merchant.company_name}’s shop)`,
                    })),
                    ...liveLinks.map((l) => ({
                      value: `${LINK}${l.id}`,
                      label: `Link: ${linkName(l)}${l.title ? ` (/go/${l.code})` : ''}`,
                    })),
                  ]}
                  placeholder={
                    links.isPending || programs.isPending
                      ? 'Loading…'
                      : 'Choose a tracked link or a program'
                  }
                />
              </Field>
            </Box>
          ) : null}
          {kind === 'product' ? (
            // Two columns wide: room for what it says about crediting.
            <Box gridColumn={{ sm: 'span 2' }}>
              <Field
                label="Product"
                description={productNote}
                error={error?.field === 'product' ? error.message : undefined}
              >
                <NativeSelect
                  value={productId}
                  onChange={(event) => {
                    setProductId(event.target.value);
                    if (error?.field === 'product') setError(null);
                  }}
                  options={products.map((p) => ({ value: p.id, label: p.name }))}
                  placeholder={catalog.isPending ? 'Loading products…' : 'Choose a product'}
                />
              </Field>
            </Box>
          ) : null}
          <Box gridColumn={picksLinks ? { sm: 'span 2' } : undefined}>
            <Field
              label={picksLinks ? 'Item label (optional)' : 'Item label'}
              description={
                kind === 'product'
                  ? 'Shown instead of the product’s name.'
                  : kind === 'affiliate_link'
                    ? 'Shown instead of the tracked link’s title.'
                    : undefined
              }
              error={error?.field === 'label' ? error.message : undefined}
            >
              <TextInput
                value={label}
                onChange={(e) => setLabel(e.target.value)}
                maxLength={200}
                ref={labelRef}
              />
            </Field>
          </Box>
          {kind === 'link' ? (
            <Field label="Item address" error={error?.field === 'url' ? error.message : undefined}>
              <TextInput
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                placeholder="https://"
                inputMode="url"
              />
            </Field>
          ) : null}
        </Grid>
        <Box>
          <Button type="submit" loading={busy}>
            {kind === 'product' && addsUntracked ? 'Add item without a tracked link' : 'Add item'}
          </Button>
        </Box>
      </Flex>
    </form>
  );
}

/**
 * The editor's items as the public page draws them: the current (unsaved order, labels and
 * visibility included) rows with the addresses a visitor gets for each, read from the server.
 */
function previewItems(
  items: readonly LinkPageItem[],
  addresses: readonly LinkPagePreviewItem[],
): LinkPageViewItem[] {
  const byId = new Map(addresses.map((entry) => [entry.id, entry]));
  return items.map((item) => {
    const address = byId.get(item.id);
    return {
      id: item.id,
      kind: item.kind,
      label: item.label,
      url: item.kind === 'link' ? item.url : null,
      is_visible: item.is_visible,
      link_code: address?.link_code ?? null,
      link_title: address?.link_title ?? null,
      product_slug: address?.product_slug ?? null,
      product_name: address?.product_name ?? null,
    };
  });
}

/** What puts a removed item back as it was, at `position`; null if the row lacks what its kind needs. */
function restoredItem(item: LinkPageItem, position: number): NewLinkPageItem | null {
  const common = { position, is_visible: item.is_visible };
  switch (item.kind) {
    case 'link':
      return item.label && item.url
        ? { ...common, kind: 'link', label: item.label, url: item.url }
        : null;
    case 'header':
      return item.label ? { ...common, kind: 'header', label: item.label } : null;
    case 'product':
      return item.product_id
        ? { ...common, kind: 'product', product_id: item.product_id, label: item.label }
        : null;
    case 'affiliate_link':
      return item.affiliate_link_id
        ? {
            ...common,
            kind: 'affiliate_link',
            affiliate_link_id: item.affiliate_link_id,
            label: item.label,
          }
        : null;
    default:
      return null;
  }
}

/** The settings that "Save page" stores, as last saved: the form has unsaved changes when it differs. */
interface SavedSettings {
  title: string;
  bio: string | null;
  theme: string;
  published: boolean;
}

type View = 'edit' | 'preview';

function Editor({
  page,
  username,
  ownerName,
  profileImage,
}: {
  page: LinkPageWithItems;
  username: string | null;
  /** The owner's name, as the public page's disclosure names them. */
  ownerName: string | null;
  profileImage: string | null;
}) {
  const queryClient = useQueryClient();
  const addresses = useQuery({
    queryKey: ['link-pages', 'preview'],
    queryFn: () => api.linkPages.listPreviewItems(),
  });
  const [title, setTitle] = useState(page.title);
  const [bio, setBio] = useState(page.bio ?? '');
  const [theme, setTheme] = useState<LinkPageThemeName>(page.theme as LinkPageThemeName);
  const [published, setPublished] = useState(page.is_published);
  const [items, setItems] = useState<LinkPageItem[]>(page.link_page_items);
  // The latest items, for the toast's Undo, which runs after later changes to the list.
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);
  // Names of products just added, until the preview's read names them.
  const [knownNames, setKnownNames] = useState<ReadonlyMap<string, string>>(new Map());
  const detailsById = new Map((addresses.data ?? []).map((entry) => [entry.id, entry] as const));
  const nameOf = (item: LinkPageItem) =>
    itemName(item, detailsById.get(item.id), knownNames.get(item.id));
  const [saved, setSaved] = useState<SavedSettings>({
    title: page.title,
    bio: page.bio,
    theme: page.theme,
    published: page.is_published,
  });
  const unsaved =
    title.trim() !== saved.title ||
    (bio.trim() || null) !== saved.bio ||
    theme !== saved.theme ||
    published !== saved.published;
  // Items save at once; the settings wait for "Save page", and the add and edit forms for their
  // buttons: leaving with any of them holding something unsaved asks first, in one question (the
  // guard holds Back and Forward for one caller at a time).
  const [unsavedForms, reportUnsaved] = useUnsavedForms();
  const leaveMessage = [
    unsaved ? 'Your changes to the title, bio, theme or publishing are not saved.' : null,
    unsavedForms,
  ]
    .filter(Boolean)
    .join(' ');
  useConfirmLeave(Boolean(leaveMessage), leaveMessage);
  // After a removal or an undo the focus goes to an item's Remove button (the next item's, or the
  // restored one's), or to the add form's label when no item is left.
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const addLabelRef = useRef<HTMLInputElement>(null);
  const pendingFocus = useRef<{ id: string | null } | null>(null);
  useEffect(() => {
    const request = pendingFocus.current;
    if (!request) return;
    pendingFocus.current = null;
    if (!focusIsFree()) return;
    (request.id ? removeButtons.current.get(request.id) : addLabelRef.current)?.focus();
  }, [items]);
  const [editing, setEditing] = useState<string | null>(null);
  // When an editor closes, the focus goes back to the Edit button it replaced.
  const [lastEdited, setLastEdited] = useState<string | null>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (editing === null) editButtonRef.current?.focus();
  }, [editing]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{
    field: 'title' | 'bio' | undefined;
    message: string;
  } | null>(null);
  const settingsRef = useRef<HTMLFormElement>(null);
  const settingsErrorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  // The last "Page saved" toast: a later save takes it away, so it never stands next to an error.
  const savedToast = useRef<ToastHandle | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['link-pages'] });

  // Narrow screens show the form or the preview, one at a time; each keeps its place in the page.
  const [view, setView] = useState<View>('edit');
  const editScroll = useRef(0);
  const changeView = (next: View) => {
    if (next === view) return;
    if (next === 'preview') editScroll.current = window.scrollY;
    setView(next);
  };
  const viewChanged = useRef(false);
  useEffect(() => {
    if (!viewChanged.current) {
      viewChanged.current = true;
      return;
    }
    window.scrollTo({ top: view === 'edit' ? editScroll.current : 0 });
  }, [view]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    savedToast.current?.dismiss();
    savedToast.current = null;
    setSaving(true);
    setError(null);
    try {
      const stored = await api.linkPages.update(page.id, {
        title: title.trim(),
        bio: bio.trim() || null,
        theme,
        is_published: published,
      });
      // Stored other than as typed (the sanitiser removes markup): the fields show what was kept,
      // and the toast says why they changed.
      const { description: note } = markupRemovedNote('Your title and bio are', [
        [title, stored.title],
        [bio, stored.bio],
      ]);
      setTitle(stored.title);
      setBio(stored.bio ?? '');
      setSaved({ title: stored.title, bio: stored.bio, theme, published });
      savedToast.current = toast({
        title: 'Page saved',
        description: `${published ? 'Your page is public.' : 'Draft'}${note ? ` ${note}` : ''}`,
      });
      refresh();
    } catch (caught) {
      // The title's and the bio's errors are told at their fields; anything else above the form.
      setError(formError(caught, ['title', 'bio']));
      focusFirstInvalid(settingsRef.current, settingsErrorRef);
    } finally {
      setSaving(false);
    }
  };

  const reorder = async (next: LinkPageItem[]) => {
    const previous = itemsRef.current;
    setItems(next);
    try {
      const moved = await Promise.all(
        next.map((item, index) =>
          item.position === index ? Promise.resolve(item) : api.linkPages.moveItem(item.id, index),
        ),
      );
      setItems(moved);
      refresh();
    } catch (caught) {
      setItems(previous);
      toast({
        variant: 'destructive',
        title: 'Order not saved',
        description: errorMessage(caught),
      });
    }
  };

  const toggleVisible = async (item: LinkPageItem) => {
    try {
      const saved = await api.linkPages.updateItem(item.id, { is_visible: !item.is_visible });
      setItems((current) => current.map((i) => (i.id === saved.id ? saved : i)));
      toast({
        title: saved.is_visible ? 'Item shown' : 'Item hidden',
        description: nameOf(saved),
      });
      refresh();
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(caught) });
    }
  };

  /** Puts a removed item back where it was, as a new row, and renumbers the list around it. */
  const restore = async (item: LinkPageItem, name: string, index: number) => {
    const at = Math.min(index, itemsRef.current.length);
    const input = restoredItem(item, at);
    if (!input) {
      toast({ variant: 'destructive', title: 'Not restored', description: name });
      return;
    }
    let next: LinkPageItem[];
    try {
      const added = await api.linkPages.addItem(page.id, input);
      next = [...itemsRef.current];
      next.splice(Math.min(at, next.length), 0, added);
      pendingFocus.current = { id: added.id };
      setKnownNames((current) => new Map(current).set(added.id, name));
      setItems(next);
      toast({ title: 'Item restored', description: name });
      refresh();
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Not restored', description: errorMessage(caught) });
      return;
    }
    // Numbered 0, 1, 2… the rows keep the order shown (as after a drag).
    try {
      const moved = await Promise.all(
        next.map((i, position) =>
          i.position === position ? Promise.resolve(i) : api.linkPages.moveItem(i.id, position),
        ),
      );
      const byId = new Map(moved.map((i) => [i.id, i]));
      setItems((current) => current.map((i) => byId.get(i.id) ?? i));
      refresh();
    } catch (caught) {
      toast({
        variant: 'destructive',
        title: 'Order not saved',
        description: errorMessage(caught),
      });
    }
  };

  const remove = async (item: LinkPageItem) => {
    const name = nameOf(item);
    try {
      await api.linkPages.removeItem(item.id);
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Not removed', description: errorMessage(caught) });
      return;
    }
    const current = itemsRef.current;
    const index = current.findIndex((i) => i.id === item.id);
    const rest = current.filter((i) => i.id !== item.id);
    pendingFocus.current = { id: rest[Math.min(index, rest.length - 1)]?.id ?? null };
    setItems(rest);
    toast({
      title: 'Item removed',
      description: name,
      duration: UNDO_DURATION,
      action: {
        label: 'Undo',
        altText: `Undo: press F8 to reach the notification and put ${name} back`,
        onClick: () => void restore(item, name, index),
      },
    });
    refresh();
  };

  const previewTitle = title.trim() || saved.title;

  return (
    <Flex direction="column" gap="4">
      {/* Narrow screens: the form and the preview one at a time, the switch always in reach. */}
      <Box
        display={{ initial: 'block', md: 'none' }}
        py="2"
        style={{
          position: 'sticky',
          top: 'var(--vd-app-shell-top-bar-height)',
          zIndex: 1,
          background: 'var(--color-background)',
        }}
      >
        <SegmentedControl<View>
          aria-label="Show"
          fullWidth
          value={view}
          onValueChange={changeView}
          options={[
            { value: 'edit', label: 'Edit' },
            { value: 'preview', label: 'Preview' },
          ]}
        />
      </Box>
      <Grid columns={{ initial: '1', md: '2' }} gap="5" align="start">
        <Flex
          direction="column"
          gap="4"
          display={{ initial: view === 'edit' ? 'flex' : 'none', md: 'flex' }}
        >
          <Card size="lg">
            <form
              ref={settingsRef}
              onSubmit={(event) => void save(event)}
              noValidate
              aria-label="Page settings"
            >
              <Flex direction="column" gap="3">
                <Heading as="h2" size="4">
                  Page settings
                </Heading>
                <Text size="2" color="gray">
                  The title, bio, theme and publishing are saved when you press Save page.
                </Text>
                {error && !error.field ? (
                  <ErrorCard
                    ref={settingsErrorRef}
                    tabIndex={-1}
                    align="start"
                    title="Not saved"
                    message={error.message}
                  />
                ) : null}
                <Field label="Title" error={error?.field === 'title' ? error.message : undefined}>
                  <TextInput
                    value={title}
                    onChange={(e) => setTitle(e.target.value)}
                    maxLength={120}
                  />
                </Field>
                <Field label="Bio" error={error?.field === 'bio' ? error.message : undefined}>
                  <Textarea value={bio} onChange={(e) => setBio(e.target.value)} maxLength={1000} />
                </Field>
                <Text as="p" size="2" weight="medium">
                  Theme
                </Text>
                <ThemePicker value={theme} onValueChange={setTheme} />
                <Switch
                  label="Published"
                  checked={published}
                  onCheckedChange={(checked) => setPublished(checked)}
                />
                <Flex align="center" gap="3" wrap="wrap">
                  <Button type="submit" loading={saving}>
                    Save page
                  </Button>
                  <span role="status">
                    {unsaved ? <Badge tone="warning">Unsaved changes</Badge> : null}
                  </span>
                </Flex>
              </Flex>
            </form>
          </Card>
          <Card size="lg">
            <Flex direction="column" gap="3">
              <Heading as="h2" size="4">
                Items
              </Heading>
              <Text size="2" color="gray">
                Changes to items are saved at once: adding, editing, reordering, hiding and
                removing. Drag an item by its handle, or focus the handle and press Space, the arrow
                keys and Space again.
              </Text>
              {items.length === 0 ? (
                <EmptyState title="No items yet" description="Add your first link below." />
              ) : (
                <SortableList
                  aria-label="Items on your page"
                  items={items}
                  getId={(item) => item.id}
                  getLabel={nameOf}
                  onReorder={(next) => void reorder(next)}
                  renderItem={(item) => {
                    const name = nameOf(item);
                    if (editing === item.id)
                      return (
                        <ItemEditor
                          item={item}
                          name={name}
                          reportUnsaved={reportUnsaved}
                          onCancel={() => setEditing(null)}
                          onSaved={(saved, note) => {
                            setItems((current) =>
                              current.map((i) => (i.id === saved.id ? saved : i)),
                            );
                            setEditing(null);
                            toast({
                              title: 'Item saved',
                              description: `${nameOf(saved)}${note ? `. ${note}` : ''}`,
                            });
                            refresh();
                          }}
                        />
                      );
                    const summary = itemSummary(item, detailsById.get(item.id));
                    // The name gives way (cut short, in full on hover and to screen readers) so the
                    // buttons keep their place; where the row is too narrow for both, every row puts
                    // its buttons on a line of their own.
                    return (
                      <Flex align="center" gapX="3" wrap="wrap">
                        <Flex direction="column" style={{ flex: '1 1 12rem', minWidth: 0 }}>
                          <Text weight="medium" truncate title={name}>
                            {name}
                          </Text>
                          <Text size="1" color="gray" truncate title={summary}>
                            {summary}
                          </Text>
                        </Flex>
                        <Flex gap="2" flexShrink="0">
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Edit ${name}`}
                            ref={item.id === lastEdited ? editButtonRef : undefined}
                            onClick={() => {
                              setLastEdited(item.id);
                              setEditing(item.id);
                            }}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`${item.is_visible ? 'Hide' : 'Show'} ${name}`}
                            onClick={() => void toggleVisible(item)}
                          >
                            {item.is_visible ? 'Hide' : 'Show'}
                          </Button>
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Remove ${name}`}
                            ref={(node) => {
                              if (node) removeButtons.current.set(item.id, node);
                              else removeButtons.current.delete(item.id);
                            }}
                            onClick={() => void remove(item)}
                          >
                            Remove
                          </Button>
                        </Flex>
                      </Flex>
                    );
                  }}
                />
              )}
              <AddItem
                pageId={page.id}
                labelRef={addLabelRef}
                reportUnsaved={reportUnsaved}
                onAdded={(item, name, note) => {
                  setKnownNames((current) => new Map(current).set(item.id, name));
                  setItems((current) => [...current, item]);
                  toast({ title: 'Item added', description: note ? `${name}. ${note}` : name });
                  refresh();
                }}
              />
            </Flex>
          </Card>
        </Flex>
        <Flex
          direction="column"
          gap="3"
          display={{ initial: view === 'preview' ? 'flex' : 'none', md: 'flex' }}
        >
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Heading as="h2" size="4">
              Live preview
            </Heading>
            {username ? (
              published && page.is_published ? (
                <Link to={`/@${username}`}>View /@{username}</Link>
              ) : (
                <Badge tone="neutral">Not published</Badge>
              )
            ) : null}
          </Flex>
          {title.trim() ? null : (
            <Text size="2" color="gray">
              The title is empty: the preview shows the saved title, “{saved.title}”, until you
              write one.
            </Text>
          )}
          <Box aria-label="Preview of your page" role="region">
            <LinkPageView
              title={previewTitle}
              ownerName={ownerName}
              username={username}
              bio={bio}
              theme={theme}
              avatarUrl={page.avatar_url ?? profileImage}
              items={previewItems(items, addresses.data ?? [])}
              headingLevel={2}
            />
          </Box>
        </Flex>
      </Grid>
    </Flex>
  );
}

/** /my-links: the signed-in user's link-in-bio page — items, order, theme and a live preview. */
export function Component() {
  const { user } = useAuth();
  const page = useQuery({ queryKey: MINE, queryFn: () => api.linkPages.getMine() });
  const profile = useQuery({
    queryKey: ['profiles', 'own', user?.id],
    queryFn: () => api.profiles.fetchProfile(user!.id),
    enabled: Boolean(user),
  });
  return (
    <Flex direction="column" gap="5" py="5">
      <title>Link-in-bio page — Verdant</title>
      <PageHeader
        title="Link-in-bio page"
        description={`Everything you recommend on one page${pageAddress(profile.data?.username)}, in the theme you choose.`}
      />
      {page.isError ? (
        <ErrorCard message={errorMessage(page.error)} onRetry={() => void page.refetch()} />
      ) : page.isPending ? null : page.data ? (
        <Editor
          key={page.data.id}
          page={page.data}
          username={profile.data?.username ?? null}
          ownerName={profile.data?.name ?? null}
          profileImage={profile.data?.profile_image ?? null}
        />
      ) : (
        <CreatePage name={user?.name ?? 'My links'} username={profile.data?.username} />
      )}
    </Flex>
  );
}

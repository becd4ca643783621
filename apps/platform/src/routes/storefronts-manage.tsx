import { Box, Flex, Grid, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AffiliateLink,
  Storefront,
  StorefrontItem,
  StorefrontWithItems,
} from '@verdant/api-client';
import { slugFrom } from '@verdant/validation';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorCard,
  Field,
  NativeSelect,
  PageHeader,
  Switch,
  TextInput,
  Textarea,
  toast,
} from '@verdant/ui';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Link } from 'react-router';
import { UpgradeCard, atPlanLimit, usePlan } from '../app/plan.tsx';
import { api } from '../lib/api.ts';
import { useConfirmLeave } from '../lib/confirm-leave.ts';
import { markupRemovedNote } from '../lib/markup-note.ts';
import { errorCode, formError, type FieldWords } from '../lib/error-message.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import {
  isLinkLimitRefusal,
  linkLimitNote,
  linkLimitRefusal,
  noNewLinkNote,
} from '../lib/link-limit.tsx';
import { joinedPrograms, newProgramLink } from '../lib/program-links.ts';
import { errorMessage } from './vendor-format.ts';
import { UNDO_DURATION, focusIsFree } from '../lib/undo.ts';
import { useReportUnsaved, useUnsavedForms, type ReportUnsaved } from '../lib/unsaved-forms.ts';
import { useEscapeCancels } from '../lib/escape-cancels.ts';

const MINE = ['storefronts', 'mine'] as const;

/** The address a title suggests (at most 60 characters). */
const slugOf = (title: string) => slugFrom(title, 60);

/**
 * The address a storefront gets from what is typed in its Address field: tidied as a title is
 * (lower case, hyphens between words, at most 64 characters), so the hint under the field shows
 * the address it will really have; an empty field follows the title.
 */
const addressOf = (typed: string, title: string) =>
  typed.trim() ? slugFrom(typed) : slugOf(title);

type StorefrontField = 'title' | 'slug' | 'description';

/** The field is called Address: the API client's checks name it "slug". */
const STOREFRONT_WORDS: FieldWords<StorefrontField> = { slug: (reason) => `Address ${reason}` };

/** A refused create or save, at its field or (field undefined) in the form's error card. */
type StorefrontError = { field: StorefrontField | undefined; message: string };

/** The words of a refused create or save: a taken address is told at its field, in words. */
function storefrontError(caught: unknown): StorefrontError {
  // The address is unique across Verdant: a taken one is told at its field, in words.
  return errorCode(caught) === 'conflict'
    ? { field: 'slug', message: 'That address is taken. Choose another.' }
    : formError(caught, ['title', 'slug', 'description'], STOREFRONT_WORDS);
}

/**
 * The Address field of the create and edit forms. Empty, it follows the title (shown as its
 * placeholder); typed, the hint shows the tidied address it will get, never the raw input.
 */
function AddressField({
  value,
  onChange,
  title,
  error,
  current,
}: {
  value: string;
  onChange: (value: string) => void;
  title: string;
  error: string | undefined;
  /** The saved address, when editing: changing it breaks the links already shared. */
  current?: string;
}) {
  const address = addressOf(value, title);
  const shown = `Shown at /s/${address || '…'}${value.trim() ? '' : ', made from the title'}.`;
  return (
    <Field
      label="Address"
      description={
        current === undefined
          ? shown
          : `${shown} Links to /s/${current} that you have shared stop working if you change it.`
      }
      error={error}
    >
      <TextInput
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={slugOf(title) || undefined}
        maxLength={64}
      />
    </Field>
  );
}

function CreateStorefront({
  onCreated,
  headingRef,
  reportUnsaved,
}: {
  reportUnsaved: ReportUnsaved;
  /** `note`: said when the title or description was stored other than as typed. */
  onCreated: (storefront: Storefront, note: string | undefined) => void;
  /** The form's heading, which takes the focus when the last storefront listed is deleted. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const [title, setTitle] = useState('');
  // Null until the address is typed in: it follows the title, and shows the title's address.
  const [slug, setSlug] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  // Something typed and not created: leaving the page asks first.
  useReportUnsaved(
    reportUnsaved,
    'create',
    title.trim() || slug?.trim() || description.trim()
      ? 'The storefront you were creating is not created yet.'
      : null,
  );
  const [error, setError] = useState<StorefrontError | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await api.storefronts.create({
        title: title.trim(),
        slug: addressOf(slug ?? '', title),
        description: description.trim() || null,
      });
      const { description: note } = markupRemovedNote('Its title and description are', [
        [title, created.title],
        [description, created.description],
      ]);
      setTitle('');
      setSlug(null);
      setDescription('');
      onCreated(created, note);
    } catch (caught) {
      setError(storefrontError(caught));
      focusFirstInvalid(formRef.current, errorRef);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="lg">
      <form
        ref={formRef}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Create a storefront"
      >
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" ref={headingRef} tabIndex={-1}>
            Create a storefront
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
          <Grid columns={{ initial: '1', md: '2' }} gap="3">
            <Field
              label="Storefront title"
              error={error?.field === 'title' ? error.message : undefined}
            >
              <TextInput value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} />
            </Field>
            <AddressField
              // Untouched, the field shows the title's address; emptied, it follows the title again.
              value={slug ?? slugOf(title)}
              onChange={setSlug}
              title={title}
              error={error?.field === 'slug' ? error.message : undefined}
            />
          </Grid>
          <Field
            label="Description"
            error={error?.field === 'description' ? error.message : undefined}
          >
            <Textarea
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              maxLength={2000}
            />
          </Field>
          <Box>
            <Button type="submit" loading={busy}>
              Create storefront
            </Button>
          </Box>
        </Flex>
      </form>
    </Card>
  );
}

/**
 * A storefront's title, description and address, edited in place of its Edit button. Escape or
 * Cancel closes it unsaved; `onClose` gets the stored storefront after a save.
 */
function EditStorefront({
  storefront,
  onClose,
  reportUnsaved,
}: {
  storefront: Storefront;
  onClose: (saved?: Storefront) => void;
  reportUnsaved: ReportUnsaved;
}) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(storefront.title);
  const [slug, setSlug] = useState(storefront.slug);
  const [description, setDescription] = useState(storefront.description ?? '');
  // Changed and not saved: leaving the page asks first (Save and Cancel close the form).
  useReportUnsaved(
    reportUnsaved,
    `edit:${storefront.id}`,
    title.trim() !== storefront.title ||
      addressOf(slug, title) !== storefront.slug ||
      (description.trim() || null) !== (storefront.description ?? null)
      ? `Your changes to “${storefront.title}” are not saved.`
      : null,
  );
  const [error, setError] = useState<StorefrontError | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  // The form takes the place of the Edit button: the focus moves to its first field.
  useEffect(() => titleRef.current?.focus(), []);
  // Escape anywhere in the form cancels as Cancel does: the storefront keeps its saved values.
  useEscapeCancels(formRef, onClose);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const address = addressOf(slug, title);
    try {
      const saved = await api.storefronts.update(storefront.id, {
        title: title.trim(),
        description: description.trim() || null,
        // Sent only when changed: the address is what shared links point to.
        ...(address === storefront.slug ? {} : { slug: address }),
      });
      const { description: note } = markupRemovedNote('Its title and description are', [
        [title, saved.title],
        [description, saved.description],
      ]);
      // At a new address the storefront keeps its items on screen while they are read again.
      if (saved.slug !== storefront.slug) {
        const items = queryClient.getQueryData<StorefrontWithItems>([
          'storefronts',
          'detail',
          storefront.slug,
        ]);
        if (items)
          queryClient.setQueryData<StorefrontWithItems>(['storefronts', 'detail', saved.slug], {
            ...items,
            ...saved,
          });
      }
      queryClient.setQueryData<Storefront[]>(MINE, (current) =>
        current?.map((s) => (s.id === saved.id ? saved : s)),
      );
      toast({
        title: 'Storefront saved',
        description: `${saved.title}${
          saved.slug === storefront.slug
            ? ''
            : `, now at /s/${saved.slug}: links to /s/${storefront.slug} no longer work`
        }.${note ? ` ${note}` : ''}`,
      });
      void queryClient.invalidateQueries({ queryKey: ['storefronts'] });
      onClose(saved);
    } catch (caught) {
      setError(storefrontError(caught));
      focusFirstInvalid(formRef.current, errorRef);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={`Edit ${storefront.title}`}
    >
      <Flex direction="column" gap="3">
        {error && !error.field ? (
          <ErrorCard
            ref={errorRef}
            tabIndex={-1}
            align="start"
            title="Not saved"
            message={error.message}
          />
        ) : null}
        <Grid columns={{ initial: '1', md: '2' }} gap="3">
          <Field
            label="Storefront title"
            error={error?.field === 'title' ? error.message : undefined}
          >
            <TextInput
              ref={titleRef}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              maxLength={120}
            />
          </Field>
          <AddressField
            value={slug}
            onChange={setSlug}
            title={title}
            current={storefront.slug}
            error={error?.field === 'slug' ? error.message : undefined}
          />
        </Grid>
        <Field
          label="Description"
          error={error?.field === 'description' ? error.message : undefined}
        >
          <Textarea
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            maxLength={2000}
          />
        </Field>
        <Flex gap="2" wrap="wrap">
          <Button type="submit" loading={busy}>
            Save storefront
          </Button>
          <Button type="button" variant="ghost" onClick={() => onClose()}>
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
 * Why purchases through a storefront item are not credited to its owner, or null when they are
 * (or the owner's links are not all known). The public storefront links through the item's own
 * tracked link while it is live, or else through any live link of the owner's for the product;
 * without either its card is a plain shop link.
 */
function creditProblem(
  item: StorefrontItem,
  links: { rows: readonly AffiliateLink[]; total: number } | undefined,
): ReactNode {
  if (!links) return null;
  const own = links.rows.find((l) => l.id === item.affiliate_link_id);
  if ((own && isLive(own)) || links.rows.some((l) => l.product_id === item.product_id && isLive(l)))
    return null;
  // Beyond the links read (the first 100): the item's link may well be live.
  if (item.affiliate_link_id && !own && links.total > links.rows.length) return null;
  const why = !own
    ? 'It has no tracked link'
    : !own.is_active
      ? 'Its tracked link is disabled'
      : 'Its tracked link has expired';
  return (
    <>
      {why}: purchases through it are not credited to you.{' '}
      <Link to="/affiliate-links">Manage your affiliate links</Link>
    </>
  );
}

/** The words under the Public switch: the storefront's state, or why it cannot be made public. */
function publishNote(storefront: Storefront, productCount: number, refused: boolean): ReactNode {
  if (refused)
    return (
      <Text color="red">Add a product first: an empty storefront has nothing for visitors.</Text>
    );
  if (!storefront.is_published) return 'Draft: only you can see it.';
  if (productCount === 0)
    return (
      <Text color="amber">Public, but with no products: visitors find an empty storefront.</Text>
    );
  return 'Anyone with the address can see it.';
}

function StorefrontEditor({
  storefront,
  focusOnMount,
  headingRef: registerHeading,
  onDeleted,
  reportUnsaved,
}: {
  storefront: Storefront;
  reportUnsaved: ReportUnsaved;
  /** Just created: its heading takes the focus, so the user lands on it. */
  focusOnMount: boolean;
  /** Receives the heading, which takes the focus when the storefront above it is deleted. */
  headingRef: (node: HTMLHeadingElement | null) => void;
  /** Once deleted and its dialog closed: the page takes it off the list and moves the focus on. */
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const { limits } = usePlan();
  const detailKey = ['storefronts', 'detail', storefront.slug] as const;
  const detail = useQuery({
    queryKey: detailKey,
    queryFn: () => api.storefronts.getBySlug(storefront.slug),
  });
  const products = useQuery({
    queryKey: ['storefronts', 'products', storefront.slug, detail.data?.storefront_items.length],
    queryFn: () => api.storefronts.listProducts(detail.data!),
    enabled: detail.isSuccess,
  });
  const catalog = useQuery({
    queryKey: ['products', 'catalog', 'storefront-picker'],
    queryFn: () => api.products.list({ pageSize: 100 }),
  });
  // A storefront credits its owner through tracked links, which exist only in programs the
  // affiliate is approved in: the picker offers those programs' products.
  const programs = useQuery({
    queryKey: ['affiliate', 'catalog'],
    queryFn: () => api.affiliate.programCatalog(),
  });
  const programOf = new Map(joinedPrograms(programs.data).map((p) => [p.merchant.id, p] as const));
  const links = useQuery({
    queryKey: ['links', 'mine'],
    queryFn: () => api.links.listMine({ pageSize: 100 }),
  });
  // No product until one is chosen: the picker starts on its placeholder.
  const [choice, setChoice] = useState('');
  const [addError, setAddError] = useState<ReactNode>(null);
  const [busy, setBusy] = useState(false);
  const [publishRefused, setPublishRefused] = useState(false);
  // Set when the database refused a new tracked link for the plan's limit, which the count read
  // had not reached yet (a link made in another tab, say): from then on products are added without.
  const [limitMet, setLimitMet] = useState(false);
  const [editing, setEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  // The edit form closed: the focus goes back to the Edit button it replaced.
  const editClosed = useRef(false);
  useEffect(() => {
    if (editing || !editClosed.current) return;
    editClosed.current = false;
    editButtonRef.current?.focus();
  }, [editing]);
  const closeEditor = useCallback(() => {
    editClosed.current = true;
    setEditing(false);
  }, []);
  // Deleted (the dialog still closing): the page moves the focus on once it has closed.
  const deleted = useRef(false);
  const items = detail.data?.storefront_items ?? [];
  const chosen = new Set(items.map((i) => i.product_id));
  const available = (catalog.data?.rows ?? []).filter(
    (p) => !chosen.has(p.id) && programOf.has(p.merchant_id),
  );
  const productId = available.some((p) => p.id === choice) ? choice : '';
  const liveLinkOf = (id: string) =>
    (links.data?.rows ?? []).find((l) => l.product_id === id && isLive(l));
  // No new tracked link can be made: the free plan's are all in use (the database refuses more).
  const noNewLinks = limitMet || atPlanLimit(limits.affiliate_links, links.data?.total);
  const chosenProduct = available.find((p) => p.id === productId);
  const addsUntracked = noNewLinks && chosenProduct !== undefined && !liveLinkOf(chosenProduct.id);
  // Said before the user presses Add: at the limit, a product without a tracked link of its own is
  // added without one (an item may have none), and its purchases are not credited.
  const pickerNote = !noNewLinks
    ? undefined
    : !chosenProduct
      ? linkLimitNote(limits.affiliate_links)
      : addsUntracked
        ? noNewLinkNote(limits.affiliate_links)
        : undefined;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['storefronts'] });
  const addFormRef = useRef<HTMLFormElement>(null);
  const pickerRef = useRef<HTMLSelectElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();

  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  // After a removal or an undo the focus goes to a product's Remove button (the next one's, or the
  // restored one's), or to the picker when no product is left.
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<{ id: string | null } | null>(null);
  useEffect(() => {
    const request = pendingFocus.current;
    if (!request) return;
    pendingFocus.current = null;
    if (!focusIsFree()) return;
    (request.id
      ? removeButtons.current.get(request.id)
      : (pickerRef.current ?? headingRef.current)
    )?.focus();
  }, [detail.data]);

  /** Changes the storefront's items as shown, until the refetch that `refresh` starts. */
  const setItems = (change: (current: StorefrontItem[]) => StorefrontItem[]) =>
    queryClient.setQueryData<StorefrontWithItems>(detailKey, (current) =>
      current ? { ...current, storefront_items: change(current.storefront_items) } : current,
    );

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setAddError(null);
    const product = available.find((p) => p.id === productId);
    const program = product ? programOf.get(product.merchant_id) : undefined;
    if (!product || !program) {
      setAddError('Choose a product to add');
      focusFirstInvalid(addFormRef.current);
      return;
    }
    setBusy(true);
    try {
      // The product's live tracked link (active, not expired), or a new one, so purchases are
      // credited; none when the plan allows no new one (the picker said so).
      let linkId = liveLinkOf(product.id)?.id ?? null;
      if (!linkId && !noNewLinks) {
        try {
          linkId = (await api.links.create(newProgramLink(program, product))).id;
        } catch (caught) {
          if (!isLinkLimitRefusal(caught)) throw caught;
          // Nothing added: the user chooses to add it without a link, knowing what that means.
          setLimitMet(true);
          setAddError(linkLimitRefusal(limits.affiliate_links));
          focusFirstInvalid(addFormRef.current);
          return;
        }
      }
      // After the last one, whatever was removed before.
      const position = items.reduce((last, item) => Math.max(last, item.position + 1), 0);
      const added = await api.storefronts.addItem(storefront.id, {
        product_id: product.id,
        affiliate_link_id: linkId,
        position,
      });
      setItems((current) => [...current, added]);
      setChoice('');
      setPublishRefused(false);
      toast({
        title: 'Product added',
        description: linkId
          ? `${product.name}, to ${storefront.title}`
          : `${product.name}, to ${storefront.title}, without a tracked link: purchases through it are not credited to you.`,
      });
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['links', 'mine'] });
    } catch (caught) {
      setAddError(errorMessage(caught));
      focusFirstInvalid(addFormRef.current);
    } finally {
      setBusy(false);
    }
  };

  /** Puts a removed product back where it was, with its tracked link and note; true once back. */
  const restore = async (item: StorefrontItem, name: string): Promise<boolean> => {
    try {
      const added = await api.storefronts.addItem(storefront.id, {
        product_id: item.product_id,
        affiliate_link_id: item.affiliate_link_id,
        note: item.note,
        position: item.position,
      });
      pendingFocus.current = { id: added.id };
      setItems((current) => [...current, added].sort((a, b) => a.position - b.position));
      setPublishRefused(false);
      toast({ title: 'Product restored', description: `${name}, in ${storefront.title}` });
      refresh();
      return true;
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Not restored', description: errorMessage(caught) });
      return false;
    }
  };

  /** Undo of a removal: the product back, and the storefront public again if the removal made it a draft. */
  const undoRemoval = async (item: StorefrontItem, name: string, republish: boolean) => {
    if (!(await restore(item, name)) || !republish) return;
    try {
      await api.storefronts.update(storefront.id, { is_published: true });
      refresh();
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Still a draft', description: errorMessage(caught) });
    }
  };

  const remove = async (item: StorefrontItem, name: string) => {
    try {
      await api.storefronts.removeItem(item.id);
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Not removed', description: errorMessage(caught) });
      return;
    }
    const index = items.findIndex((i) => i.id === item.id);
    const rest = items.filter((i) => i.id !== item.id);
    pendingFocus.current = { id: rest[Math.min(index, rest.length - 1)]?.id ?? null };
    setItems((current) => current.filter((i) => i.id !== item.id));
    // The same rule as publishing: a public storefront has products. Its last one gone, it is a
    // draft again (Undo puts the product back and publishes it again).
    let unpublished = false;
    if (rest.length === 0 && storefront.is_published) {
      try {
        await api.storefronts.update(storefront.id, { is_published: false });
        unpublished = true;
      } catch (caught) {
        toast({ variant: 'destructive', title: 'Still public', description: errorMessage(caught) });
      }
    }
    toast({
      title: 'Product removed',
      description: unpublished
        ? `${name}, from ${storefront.title}. With no products left, the storefront is a draft again.`
        : `${name}, from ${storefront.title}`,
      duration: UNDO_DURATION,
      action: {
        label: 'Undo',
        altText: `Undo: press F8 to reach the notification and put ${name} back in ${storefront.title}`,
        onClick: () => void undoRemoval(item, name, unpublished),
      },
    });
    refresh();
  };

  const publish = async (published: boolean) => {
    // An empty storefront is not made public: visitors would find nothing in it.
    if (published && items.length === 0) {
      setPublishRefused(true);
      return;
    }
    setPublishRefused(false);
    try {
      await api.storefronts.update(storefront.id, { is_published: published });
      toast({
        title: published ? 'Storefront published' : 'Storefront unpublished',
        description: `/s/${storefront.slug}`,
      });
      refresh();
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(caught) });
    }
  };

  const nameOf = (id: string) =>
    products.data?.find((p) => p.id === id)?.name ??
    catalog.data?.rows.find((p) => p.id === id)?.name ??
    'Product no longer in the shop';
  const refused = publishRefused && items.length === 0;

  return (
    <Card size="lg" asChild>
      <section aria-label={storefront.title}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="start" gap="3" wrap="wrap">
            <Flex direction="column" style={{ minWidth: 0 }}>
              <Heading
                as="h2"
                size="4"
                tabIndex={-1}
                ref={(node) => {
                  headingRef.current = node;
                  registerHeading(node);
                }}
              >
                {storefront.title}
              </Heading>
              {storefront.is_published ? (
                <Link to={`/s/${storefront.slug}`}>
                  <Text size="2">
                    <VisuallyHidden>Open </VisuallyHidden>/s/{storefront.slug}
                  </Text>
                </Link>
              ) : (
                <Text size="2" color="gray">
                  /s/{storefront.slug}
                </Text>
              )}
            </Flex>
            <Box style={{ maxWidth: 320 }}>
              <Switch
                label={
                  <Text size="2">
                    Public<VisuallyHidden> ({storefront.title})</VisuallyHidden>
                  </Text>
                }
                description={publishNote(storefront, items.length, refused)}
                aria-invalid={refused || undefined}
                checked={storefront.is_published}
                onCheckedChange={(checked) => void publish(checked)}
              />
            </Box>
          </Flex>
          {editing ? (
            <EditStorefront
              storefront={storefront}
              onClose={closeEditor}
              reportUnsaved={reportUnsaved}
            />
          ) : (
            <>
              {storefront.description ? (
                // As typed, line breaks included (the public storefront keeps them too).
                <Text as="p" size="2" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {storefront.description}
                </Text>
              ) : null}
              <Flex gap="2" wrap="wrap">
                <Button
                  ref={editButtonRef}
                  size="sm"
                  variant="outline"
                  aria-label={`Edit ${storefront.title}`}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </Button>
                <ConfirmDialog
                  title="Delete this storefront?"
                  description={`${
                    items.length === 0
                      ? `“${storefront.title}” is deleted`
                      : `“${storefront.title}” and its list of ${
                          items.length === 1 ? 'one product' : `${items.length} products`
                        } are deleted`
                  }, and /s/${storefront.slug} stops working for anyone you shared it with. The products stay in the shop and your tracked links keep working. This cannot be undone.`}
                  confirmLabel="Delete storefront"
                  tone="danger"
                  onConfirm={async () => {
                    await api.storefronts.remove(storefront.id);
                    deleted.current = true;
                    toast({ title: 'Storefront deleted', description: storefront.title });
                  }}
                  errorMessage={(error) => errorMessage(error)}
                  // Deleted, its card goes once the dialog has closed, and the page moves the focus
                  // on (Cancel gives it back to Delete, as the dialog does by itself).
                  onCloseAutoFocus={(event) => {
                    if (!deleted.current) return;
                    deleted.current = false;
                    event.preventDefault();
                    onDeleted();
                  }}
                  trigger={
                    <Button size="sm" variant="danger" aria-label={`Delete ${storefront.title}`}>
                      Delete
                    </Button>
                  }
                />
              </Flex>
            </>
          )}
          {detail.isError ? (
            <ErrorCard message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />
          ) : items.length === 0 ? (
            <Text size="2" color="gray">
              No products yet.
            </Text>
          ) : (
            <ul aria-label={`Products in ${storefront.title}`} style={{ margin: 0, padding: 0 }}>
              {items.map((item) => {
                const name = nameOf(item.product_id);
                // Flagged here as the link-in-bio editor flags its items: the public card of a
                // product without a live tracked link quietly stops crediting the owner.
                const problem = creditProblem(item, links.data);
                return (
                  <Flex asChild key={item.id} justify="between" align="center" gap="3" py="1">
                    <li>
                      <Flex direction="column" style={{ minWidth: 0 }}>
                        {/* The whole name, on two lines if need be: a phone has no hover to show
                            the rest of a cut-off one. */}
                        <Text style={{ overflowWrap: 'anywhere' }}>{name}</Text>
                        {problem ? (
                          <Text size="1" color="amber">
                            {problem}
                          </Text>
                        ) : null}
                      </Flex>
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Remove ${name} from ${storefront.title}`}
                        ref={(node) => {
                          if (node) removeButtons.current.set(item.id, node);
                          else removeButtons.current.delete(item.id);
                        }}
                        onClick={() => void remove(item, name)}
                      >
                        Remove
                      </Button>
                    </li>
                  </Flex>
                );
              })}
            </ul>
          )}
          {programs.isSuccess && programOf.size === 0 ? (
            <Text size="2" color="gray">
              Storefront products come from the programs you have joined.{' '}
              <Link to="/affiliate-programs">Browse programs</Link> to add some.
            </Text>
          ) : available.length > 0 ? (
            <form
              ref={addFormRef}
              onSubmit={(event) => void add(event)}
              noValidate
              aria-label={`Add a product to ${storefront.title}`}
            >
              <Grid columns={{ initial: '1', xs: 'minmax(0, 420px) auto' }} gap="3" align="start">
                <Box>
                  <Field
                    label={`Product to add to ${storefront.title}`}
                    description={pickerNote}
                    error={addError ?? undefined}
                  >
                    <NativeSelect
                      ref={pickerRef}
                      value={productId}
                      onChange={(event) => {
                        setChoice(event.target.value);
                        setAddError(null);
                      }}
                      options={available.map((p) => ({ value: p.id, label: p.name }))}
                      placeholder="Choose a product"
                    />
                  </Field>
                </Box>
                {/* Beside the picker, level with it below its label; under it on a phone. */}
                <Box pt={{ initial: '0', xs: '5' }}>
                  <Button type="submit" loading={busy}>
                    {addsUntracked ? 'Add without a tracked link' : 'Add product'}
                  </Button>
                </Box>
              </Grid>
            </form>
          ) : null}
        </Flex>
      </section>
    </Card>
  );
}

/**
 * /storefronts/manage: create storefronts, edit and delete them, pick their products, publish and
 * unpublish them.
 */
export function Component() {
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: MINE, queryFn: () => api.storefronts.listMine() });
  const { limits } = usePlan();
  // The storefront just created, whose card takes the focus when it appears (newest first, below
  // the form).
  const [created, setCreated] = useState<string | null>(null);
  // After a delete the focus goes to the next storefront's heading (the previous one's after the
  // last), or to the create form's heading when none is left; its id, or 'create'.
  const createHeadingRef = useRef<HTMLHeadingElement>(null);
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  const [focusAfterDelete, setFocusAfterDelete] = useState<string | null>(null);
  useEffect(() => {
    if (!focusAfterDelete) return;
    const target =
      focusAfterDelete === 'create'
        ? createHeadingRef.current
        : headings.current.get(focusAfterDelete);
    // Not drawn yet (the create form appears once the list is read again): the next render.
    if (!target) return;
    setFocusAfterDelete(null);
    target.focus();
  }, [focusAfterDelete, mine.data]);
  const onDeleted = (storefront: Storefront) => {
    const list = mine.data ?? [];
    const index = list.findIndex((s) => s.id === storefront.id);
    const next = list[index + 1] ?? list[index - 1];
    setFocusAfterDelete(next?.id ?? 'create');
    queryClient.setQueryData<Storefront[]>(MINE, (current) =>
      current?.filter((s) => s.id !== storefront.id),
    );
    void queryClient.invalidateQueries({ queryKey: MINE });
  };
  // The plan gate (the database enforces the same limit).
  const atLimit = atPlanLimit(limits.storefronts, mine.data?.length);
  // The create and edit forms hold what is typed until Create or Save: leaving asks first.
  const [unsaved, reportUnsaved] = useUnsavedForms();
  useConfirmLeave(unsaved !== null, unsaved ?? '');
  return (
    <Flex direction="column" gap="5" py="5">
      <title>Storefronts — Verdant</title>
      <PageHeader
        title="Storefronts"
        description="Curated shops of products you recommend, each at its own /s/ address. Purchases through them are credited to your links."
      />
      {mine.isPending ? null : atLimit ? (
        <UpgradeCard
          title="Your free plan includes one storefront"
          description="Affiliate Pro unlocks unlimited storefronts. You can keep editing and publishing the one you have."
        />
      ) : (
        <CreateStorefront
          headingRef={createHeadingRef}
          reportUnsaved={reportUnsaved}
          onCreated={(storefront, note) => {
            toast({
              title: 'Storefront created',
              description: `${storefront.title}, at /s/${storefront.slug}: add its products below.${note ? ` ${note}` : ''}`,
            });
            // Shown at once, at the top of the list (newest first), and focused there.
            queryClient.setQueryData<Storefront[]>(MINE, (current) => [
              storefront,
              ...(current ?? []).filter((s) => s.id !== storefront.id),
            ]);
            setCreated(storefront.id);
            void queryClient.invalidateQueries({ queryKey: MINE });
          }}
        />
      )}
      {mine.isError ? (
        <ErrorCard message={errorMessage(mine.error)} onRetry={() => void mine.refetch()} />
      ) : mine.isPending ? null : mine.data.length === 0 ? (
        <EmptyState title="No storefronts yet" description="Create your first one above." />
      ) : (
        mine.data.map((storefront) => (
          <StorefrontEditor
            key={storefront.id}
            storefront={storefront}
            focusOnMount={storefront.id === created}
            headingRef={(node) => {
              if (node) headings.current.set(storefront.id, node);
              else headings.current.delete(storefront.id);
            }}
            onDeleted={() => onDeleted(storefront)}
            reportUnsaved={reportUnsaved}
          />
        ))
      )}
    </Flex>
  );
}

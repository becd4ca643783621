import { Box, Flex, Grid, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Storefront, StorefrontItem, StorefrontWithItems } from '@verdant/api-client';
import { slugFrom } from '@verdant/validation';
import {
  Button,
  Card,
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
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { UpgradeCard, atPlanLimit, usePlan } from '../app/plan.tsx';
import { api } from '../lib/api.ts';
import { markupRemovedNote } from '../lib/markup-note.ts';
import { errorCode, formError } from '../lib/error-message.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { joinedPrograms, newProgramLink } from '../lib/program-links.ts';
import { errorMessage } from './vendor-format.ts';
import { UNDO_DURATION, focusIsFree } from '../lib/undo.ts';

const MINE = ['storefronts', 'mine'] as const;

/** The address a title suggests (at most 60 characters). */
const slugOf = (title: string) => slugFrom(title, 60);

function CreateStorefront({
  onCreated,
}: {
  /** `note`: said when the title or description was stored other than as typed. */
  onCreated: (storefront: Storefront, note: string | undefined) => void;
}) {
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<{ field: string | undefined; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  const shownSlug = slug ?? slugOf(title);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await api.storefronts.create({
        title: title.trim(),
        slug: shownSlug,
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
      // The address is unique across Verdant: a taken one is told at its field, in words.
      setError(
        errorCode(caught) === 'conflict'
          ? { field: 'slug', message: 'That address is taken. Choose another.' }
          : formError(caught, ['title', 'slug', 'description']),
      );
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
          <Heading as="h2" size="4">
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
            <Field
              label="Address"
              description={`Shown at /s/${shownSlug || '…'}`}
              error={error?.field === 'slug' ? error.message : undefined}
            >
              <TextInput value={shownSlug} onChange={(e) => setSlug(e.target.value)} />
            </Field>
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
}: {
  storefront: Storefront;
  /** Just created: its heading takes the focus, so the user lands on it. */
  focusOnMount: boolean;
}) {
  const queryClient = useQueryClient();
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
  const [addError, setAddError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [publishRefused, setPublishRefused] = useState(false);
  const items = detail.data?.storefront_items ?? [];
  const chosen = new Set(items.map((i) => i.product_id));
  const available = (catalog.data?.rows ?? []).filter(
    (p) => !chosen.has(p.id) && programOf.has(p.merchant_id),
  );
  const productId = available.some((p) => p.id === choice) ? choice : '';
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
      // credited.
      const link =
        (links.data?.rows ?? []).find(
          (l) =>
            l.product_id === product.id &&
            l.is_active &&
            (!l.expires_at || Date.parse(l.expires_at) > Date.now()),
        ) ?? (await api.links.create(newProgramLink(program, product)));
      // After the last one, whatever was removed before.
      const position = items.reduce((last, item) => Math.max(last, item.position + 1), 0);
      const added = await api.storefronts.addItem(storefront.id, {
        product_id: product.id,
        affiliate_link_id: link.id,
        position,
      });
      setItems((current) => [...current, added]);
      setChoice('');
      setPublishRefused(false);
      toast({ title: 'Product added', description: `${product.name}, to ${storefront.title}` });
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
              <Heading as="h2" size="4" ref={headingRef} tabIndex={-1}>
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
                return (
                  <Flex asChild key={item.id} justify="between" align="center" gap="3" py="1">
                    <li>
                      {/* The whole name, on two lines if need be: a phone has no hover to show
                          the rest of a cut-off one. */}
                      <Text style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{name}</Text>
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
                    Add product
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

/** /storefronts/manage: create storefronts, pick their products, publish and unpublish them. */
export function Component() {
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: MINE, queryFn: () => api.storefronts.listMine() });
  const { limits } = usePlan();
  // The storefront just created, whose card takes the focus when it appears (newest first, below
  // the form).
  const [created, setCreated] = useState<string | null>(null);
  // The plan gate (the database enforces the same limit).
  const atLimit = atPlanLimit(limits.storefronts, mine.data?.length);
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
          />
        ))
      )}
    </Flex>
  );
}

import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LinkPageItem,
  LinkPagePreviewItem,
  LinkPageWithItems,
  NewLinkPageItem,
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
  Switch,
  Textarea,
  TextInput,
  ThemePicker,
  toast,
  type LinkPageThemeName,
} from '@verdant/ui';
import '@verdant/ui/link-in-bio.css';
import { SortableList } from '@verdant/ui/sortable-list';
import '@verdant/ui/sortable-list.css';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { useConfirmLeave } from '../lib/confirm-leave.ts';
import { LinkPageView, type LinkPageViewItem } from './link-page-blocks.tsx';
import { formError } from '../lib/error-message.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { errorMessage } from './vendor-format.ts';

const MINE = ['link-pages', 'mine'] as const;
type ItemKind = 'link' | 'header' | 'product';

const kindLabel: Record<string, string> = {
  link: 'Link',
  header: 'Header',
  affiliate_link: 'Affiliate link',
  product: 'Product',
};

const itemName = (item: LinkPageItem) => item.label ?? kindLabel[item.kind] ?? 'Item';

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
  onSaved,
  onCancel,
}: {
  item: LinkPageItem;
  onSaved: (item: LinkPageItem) => void;
  onCancel: () => void;
}) {
  const [label, setLabel] = useState(item.label ?? '');
  const [url, setUrl] = useState(item.url ?? '');
  const [error, setError] = useState<{ field: 'label' | 'url'; message: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // The editor takes the place of the item's Edit button: the focus moves into it.
  const labelRef = useRef<HTMLInputElement>(null);
  useEffect(() => labelRef.current?.focus(), []);
  // Escape anywhere in the editor cancels the edit as Cancel does: the item keeps its saved values.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing) return;
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    };
    form.addEventListener('keydown', onKeyDown);
    return () => form.removeEventListener('keydown', onKeyDown);
  }, [onCancel]);
  const focusFirstInvalid = useFocusFirstInvalid();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const changes =
        item.kind === 'link'
          ? { label: label.trim(), url: url.trim() }
          : { label: label.trim() || null };
      onSaved(await api.linkPages.updateItem(item.id, changes));
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
      aria-label={`Edit ${itemName(item)}`}
    >
      <Flex direction="column" gap="2">
        <Field label="Label" error={error?.field === 'label' ? error.message : undefined}>
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

function AddItem({
  pageId,
  onAdded,
  labelRef,
}: {
  pageId: string;
  onAdded: (item: LinkPageItem) => void;
  /** The label field, which takes the focus when the last item is removed. */
  labelRef: RefObject<HTMLInputElement | null>;
}) {
  const [kind, setKind] = useState<ItemKind>('link');
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [choice, setChoice] = useState('');
  const [error, setError] = useState<{ field: string | undefined; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  const catalog = useQuery({
    queryKey: ['products', 'catalog', 'link-page-picker'],
    queryFn: () => api.products.list({ pageSize: 100 }),
    enabled: kind === 'product',
  });
  const products = catalog.data?.rows ?? [];
  const productId = products.some((p) => p.id === choice) ? choice : (products[0]?.id ?? '');
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const item =
        kind === 'link'
          ? await api.linkPages.addItem(pageId, {
              kind,
              label: label.trim(),
              url: url.trim(),
              position: 10_000,
            })
          : kind === 'product'
            ? await api.linkPages.addItem(pageId, {
                kind,
                product_id: productId,
                label: label.trim() || null,
                position: 10_000,
              })
            : await api.linkPages.addItem(pageId, { kind, label: label.trim(), position: 10_000 });
      setLabel('');
      setUrl('');
      onAdded(item);
    } catch (caught) {
      setError(formError(caught, ['url', 'label']));
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
              onChange={(event) => setKind(event.target.value as ItemKind)}
              options={[
                { value: 'link', label: 'Link' },
                { value: 'product', label: 'Product' },
                { value: 'header', label: 'Header' },
              ]}
            />
          </Field>
          {kind === 'product' ? (
            <Field
              label="Product"
              description={
                catalog.isError
                  ? errorMessage(catalog.error)
                  : 'Links through your tracked link for it, if you have one.'
              }
            >
              <NativeSelect
                value={productId}
                onChange={(event) => setChoice(event.target.value)}
                options={products.map((p) => ({ value: p.id, label: p.name }))}
                placeholder={catalog.isPending ? 'Loading products…' : 'Choose a product'}
              />
            </Field>
          ) : null}
          <Field
            label={kind === 'product' ? 'Item label (optional)' : 'Item label'}
            error={error?.field === 'label' ? error.message : undefined}
          >
            <TextInput
              value={label}
              onChange={(e) => setLabel(e.target.value)}
              maxLength={200}
              ref={labelRef}
            />
          </Field>
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
            Add item
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

/** How long the "Item removed" toast and its Undo stay up (the kit's default is 5 s). */
const UNDO_DURATION = 10_000;

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

/**
 * The focus is free to move when it sits nowhere (the button that had it was removed) or in the
 * toast whose Undo was pressed; anywhere else the user has moved it on, and it stays.
 */
const focusIsFree = () => {
  const active = document.activeElement;
  return (
    !active || active === document.body || Boolean(active.closest('[data-slot="toast-viewport"]'))
  );
};

function Editor({
  page,
  username,
  profileImage,
}: {
  page: LinkPageWithItems;
  username: string | null;
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
  // Items save at once; the settings wait for "Save page", so leaving with them unsaved asks first.
  useConfirmLeave(
    unsaved,
    'Leave this page? Your changes to the title, bio, theme or publishing are not saved.',
  );
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
  const [error, setError] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['link-pages'] });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const settings: SavedSettings = {
        title: title.trim(),
        bio: bio.trim() || null,
        theme,
        published,
      };
      await api.linkPages.update(page.id, {
        title: settings.title,
        bio: settings.bio,
        theme,
        is_published: published,
      });
      setSaved(settings);
      toast({ title: 'Page saved', description: published ? 'Your page is public.' : 'Draft' });
      refresh();
    } catch (caught) {
      setError(errorMessage(caught));
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
        description: itemName(saved),
      });
      refresh();
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(caught) });
    }
  };

  /** Puts a removed item back where it was, as a new row, and renumbers the list around it. */
  const restore = async (item: LinkPageItem, index: number) => {
    const at = Math.min(index, itemsRef.current.length);
    const input = restoredItem(item, at);
    if (!input) {
      toast({ variant: 'destructive', title: 'Not restored', description: itemName(item) });
      return;
    }
    let next: LinkPageItem[];
    try {
      const added = await api.linkPages.addItem(page.id, input);
      next = [...itemsRef.current];
      next.splice(Math.min(at, next.length), 0, added);
      pendingFocus.current = { id: added.id };
      setItems(next);
      toast({ title: 'Item restored', description: itemName(added) });
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
      description: itemName(item),
      duration: UNDO_DURATION,
      action: {
        label: 'Undo',
        altText: `Undo: press F8 to reach the notification and put ${itemName(item)} back`,
        onClick: () => void restore(item, index),
      },
    });
    refresh();
  };

  return (
    <Grid columns={{ initial: '1', md: '2' }} gap="5" align="start">
      <Flex direction="column" gap="4">
        <Card size="lg">
          <form onSubmit={(event) => void save(event)} noValidate aria-label="Page settings">
            <Flex direction="column" gap="3">
              <Heading as="h2" size="4">
                Page settings
              </Heading>
              <Text size="2" color="gray">
                The title, bio, theme and publishing are saved when you press Save page.
              </Text>
              {error ? <ErrorCard align="start" title="Not saved" message={error} /> : null}
              <Field label="Title">
                <TextInput
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  maxLength={120}
                />
              </Field>
              <Field label="Bio">
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
              Changes to items are saved at once: adding, editing, reordering, hiding and removing.
              Drag an item by its handle, or focus the handle and press Space, the arrow keys and
              Space again.
            </Text>
            {items.length === 0 ? (
              <EmptyState title="No items yet" description="Add your first link below." />
            ) : (
              <SortableList
                aria-label="Items on your page"
                items={items}
                getId={(item) => item.id}
                getLabel={itemName}
                onReorder={(next) => void reorder(next)}
                renderItem={(item) =>
                  editing === item.id ? (
                    <ItemEditor
                      item={item}
                      onCancel={() => setEditing(null)}
                      onSaved={(saved) => {
                        setItems((current) => current.map((i) => (i.id === saved.id ? saved : i)));
                        setEditing(null);
                        toast({ title: 'Item saved', description: itemName(saved) });
                        refresh();
                      }}
                    />
                  ) : (
                    <Flex justify="between" align="center" gap="3" wrap="wrap">
                      <Flex direction="column" style={{ minWidth: 0 }}>
                        <Text weight="medium">{itemName(item)}</Text>
                        <Text size="1" color="gray" style={{ wordBreak: 'break-all' }}>
                          {kindLabel[item.kind]}
                          {item.url ? ` · ${item.url}` : ''}
                          {item.is_visible ? '' : ' · hidden'}
                        </Text>
                      </Flex>
                      <Flex gap="2">
                        {item.kind === 'link' || item.kind === 'header' ? (
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-label={`Edit ${itemName(item)}`}
                            ref={item.id === lastEdited ? editButtonRef : undefined}
                            onClick={() => {
                              setLastEdited(item.id);
                              setEditing(item.id);
                            }}
                          >
                            Edit
                          </Button>
                        ) : null}
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`${item.is_visible ? 'Hide' : 'Show'} ${itemName(item)}`}
                          onClick={() => void toggleVisible(item)}
                        >
                          {item.is_visible ? 'Hide' : 'Show'}
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-label={`Remove ${itemName(item)}`}
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
                  )
                }
              />
            )}
            <AddItem
              pageId={page.id}
              labelRef={addLabelRef}
              onAdded={(item) => {
                setItems((current) => [...current, item]);
                toast({ title: 'Item added', description: itemName(item) });
                refresh();
              }}
            />
          </Flex>
        </Card>
      </Flex>
      <Flex direction="column" gap="3">
        <Flex justify="between" align="center" gap="3">
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
        <Box aria-label="Preview of your page" role="region">
          <LinkPageView
            title={title || page.title}
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
          profileImage={profile.data?.profile_image ?? null}
        />
      ) : (
        <CreatePage name={user?.name ?? 'My links'} username={profile.data?.username} />
      )}
    </Flex>
  );
}

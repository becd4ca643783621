import { Box, Flex, Grid, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Storefront } from '@verdant/api-client';
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
  TextInput,
  Textarea,
  toast,
} from '@verdant/ui';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { UpgradeCard, atPlanLimit, usePlan } from '../app/plan.tsx';
import { api } from '../lib/api.ts';
import { errorCode, formError } from '../lib/error-message.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { joinedPrograms, newProgramLink } from '../lib/program-links.ts';
import { errorMessage } from './vendor-format.ts';

const MINE = ['storefronts', 'mine'] as const;

/** A slug from a title: lower case, words joined by hyphens. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

function CreateStorefront({ onCreated }: { onCreated: (storefront: Storefront) => void }) {
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
      setTitle('');
      setSlug(null);
      setDescription('');
      onCreated(created);
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

function StorefrontEditor({ storefront }: { storefront: Storefront }) {
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['storefronts', 'detail', storefront.slug],
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
  const [choice, setChoice] = useState('');
  const [busy, setBusy] = useState(false);
  const items = detail.data?.storefront_items ?? [];
  const chosen = new Set(items.map((i) => i.product_id));
  const available = (catalog.data?.rows ?? []).filter(
    (p) => !chosen.has(p.id) && programOf.has(p.merchant_id),
  );
  const productId = available.some((p) => p.id === choice) ? choice : (available[0]?.id ?? '');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['storefronts'] });

  const add = async () => {
    const product = available.find((p) => p.id === productId);
    const program = product ? programOf.get(product.merchant_id) : undefined;
    if (!product || !program) return;
    setBusy(true);
    try {
      // The product's active tracked link, or a new one, so purchases are credited.
      const link =
        (links.data?.rows ?? []).find((l) => l.product_id === product.id && l.is_active) ??
        (await api.links.create(newProgramLink(program, product)));
      await api.storefronts.addItem(storefront.id, {
        product_id: product.id,
        affiliate_link_id: link.id,
        position: items.length,
      });
      toast({ title: 'Product added', description: storefront.title });
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['links', 'mine'] });
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Not added', description: errorMessage(caught) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (itemId: string, name: string) => {
    try {
      await api.storefronts.removeItem(itemId);
      toast({ title: 'Product removed', description: name });
      refresh();
    } catch (caught) {
      toast({ variant: 'destructive', title: 'Not removed', description: errorMessage(caught) });
    }
  };

  const publish = async (published: boolean) => {
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
    'Product';

  return (
    <Card size="lg" asChild>
      <section aria-label={storefront.title}>
        <Flex direction="column" gap="3">
          <Flex justify="between" align="center" gap="3" wrap="wrap">
            <Flex direction="column">
              <Heading as="h2" size="4">
                {storefront.title}
              </Heading>
              <Text size="2" color="gray">
                /s/{storefront.slug}
              </Text>
            </Flex>
            <Flex gap="3" align="center" wrap="wrap">
              <Badge tone={storefront.is_published ? 'success' : 'neutral'}>
                {storefront.is_published ? 'Published' : 'Draft'}
              </Badge>
              <Switch
                label={
                  <Text size="1">
                    Published<VisuallyHidden> ({storefront.title})</VisuallyHidden>
                  </Text>
                }
                checked={storefront.is_published}
                onCheckedChange={(checked) => void publish(checked)}
              />
              {storefront.is_published ? (
                <Link to={`/s/${storefront.slug}`}>Open /s/{storefront.slug}</Link>
              ) : null}
            </Flex>
          </Flex>
          {detail.isError ? (
            <ErrorCard message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />
          ) : items.length === 0 ? (
            <Text size="2" color="gray">
              No products yet.
            </Text>
          ) : (
            <ul aria-label={`Products in ${storefront.title}`} style={{ margin: 0, padding: 0 }}>
              {items.map((item) => (
                <Flex asChild key={item.id} justify="between" align="center" gap="3" py="1">
                  <li>
                    <Text>{nameOf(item.product_id)}</Text>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Remove ${nameOf(item.product_id)} from ${storefront.title}`}
                      onClick={() => void remove(item.id, nameOf(item.product_id))}
                    >
                      Remove
                    </Button>
                  </li>
                </Flex>
              ))}
            </ul>
          )}
          {programs.isSuccess && programOf.size === 0 ? (
            <Text size="2" color="gray">
              Storefront products come from the programs you have joined.{' '}
              <Link to="/affiliate-programs">Browse programs</Link> to add some.
            </Text>
          ) : available.length > 0 ? (
            <Flex gap="3" align="end" wrap="wrap">
              <Box style={{ minWidth: 260 }}>
                <Field label={`Product to add to ${storefront.title}`}>
                  <NativeSelect
                    value={productId}
                    onChange={(event) => setChoice(event.target.value)}
                    options={available.map((p) => ({ value: p.id, label: p.name }))}
                  />
                </Field>
              </Box>
              <Button onClick={() => void add()} loading={busy}>
                Add product
              </Button>
            </Flex>
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
          onCreated={(storefront) => {
            toast({ title: 'Storefront created', description: `/s/${storefront.slug}` });
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
          <StorefrontEditor key={storefront.id} storefront={storefront} />
        ))
      )}
    </Flex>
  );
}

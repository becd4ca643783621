import { Box, Flex, Grid, Text } from '@radix-ui/themes';
import {
  PRODUCT_CATEGORIES,
  PRODUCT_IMAGE_TYPES,
  SUSTAINABILITY_ATTRIBUTES,
  type Product,
  type ProductCategory,
  type SustainabilityAttribute,
} from '@verdant/api-client';
import {
  Badge,
  Button,
  Card,
  Checkbox,
  ErrorCard,
  Field,
  NativeSelect,
  PageHeader,
  Skeleton,
  TextInput,
  Textarea,
  toast,
  useFieldControl,
} from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_MESSAGES, slugFrom, validateProductDraft } from '@verdant/validation';
import { forwardRef, useRef, useState, type ComponentPropsWithoutRef, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { atPlanLimit, usePlan } from '../app/plan.tsx';
import { api } from '../lib/api.ts';
import { errorCode, errorField, upstreamCode } from '../lib/error-message.ts';
import { useConfirmLeave } from '../lib/confirm-leave.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { useFocusWhenShown } from '../lib/focus-when-shown.ts';
import { PRODUCT_CATEGORY_LABELS } from '../lib/product-categories.ts';
import { errorMessage } from './vendor-format.ts';
import { ProductLimitCard, STATUS_LABEL } from './vendor-products.tsx';

const ATTRIBUTE_LABELS: Record<SustainabilityAttribute, string> = {
  recycled: 'Recycled materials',
  organic: 'Organic',
  'fair-trade': 'Fair trade',
  'plastic-free': 'Plastic-free',
  'carbon-neutral': 'Carbon neutral',
  local: 'Made locally',
  vegan: 'Vegan',
  refillable: 'Refillable',
  repairable: 'Repairable',
  biodegradable: 'Biodegradable',
  'b-corp': 'B Corp',
};

interface Draft {
  name: string;
  slug: string;
  description: string;
  price: string;
  stock: string;
  category: ProductCategory;
  attributes: SustainabilityAttribute[];
  co2e: string;
  co2eSource: string;
  images: string[];
}

/** How many images a product shows, and how large one may be (the API client's limit). */
const MAX_IMAGES = 12;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES_IN_WORDS = 'Choose a PNG, JPEG, WebP or AVIF image';

const EMPTY: Draft = {
  name: '',
  slug: '',
  description: '',
  price: '',
  stock: '',
  category: 'home',
  attributes: [],
  co2e: '',
  co2eSource: '',
  images: [],
};

/** The draft field for each column the API client's checks and the database's name. */
const SERVER_FIELDS: Record<string, keyof Draft | undefined> = {
  name: 'name',
  slug: 'slug',
  description: 'description',
  price_cents: 'price',
  stock: 'stock',
  co2e_grams: 'co2e',
  co2e_source: 'co2eSource',
};

/**
 * The field a failed save concerns, and what to tell there: the API client's check names its
 * column, the database's check or unique index its constraint (`products_price_cents_min`,
 * `products_slug_key`). Told in the form's own words and units for that field (kilograms, never
 * "Co2e grams must be a whole number …"); undefined for an error of no field.
 */
function serverFieldError(error: unknown): { field: keyof Draft; message: string } | undefined {
  if (
    upstreamCode(error) === '23505' &&
    error instanceof Error &&
    /\bproducts_slug_key\b/.test(error.message)
  )
    return {
      field: 'slug',
      message: 'Another product already has this web address: choose another',
    };
  let field = SERVER_FIELDS[errorField(error) ?? ''];
  if (!field && upstreamCode(error) === '23514' && error instanceof Error) {
    const constraint = /\bproducts_(\w+?)_(?:check|min|max)\b/.exec(error.message)?.[1];
    field = SERVER_FIELDS[constraint ?? ''];
  }
  if (!field) return undefined;
  const words = PRODUCT_MESSAGES[field as keyof typeof PRODUCT_MESSAGES];
  return { field, message: words ?? errorMessage(error) };
}

/** Why an image was not uploaded, in words, by the API client's check of the file (else its message). */
function uploadMessage(error: unknown): string {
  if (errorCode(error) !== 'validation_failed' || errorField(error) !== 'file')
    return `Image not uploaded. ${errorMessage(error)}`;
  const reason = String((error as { details?: { reason?: unknown } }).details?.reason ?? '');
  if (reason === 'is empty') return 'This file is empty: choose another one';
  if (reason.startsWith('must be at most')) return 'Choose an image of at most 5 MB';
  if (reason.startsWith('is a ') || reason.startsWith('is not an image'))
    return 'This file is not the image its name says: choose a PNG, JPEG, WebP or AVIF image';
  return IMAGE_TYPES_IN_WORDS;
}

/** What keeps a chosen file from being uploaded, checked before it is sent; undefined if nothing. */
function fileProblem(file: File): string | undefined {
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(type)) return IMAGE_TYPES_IN_WORDS;
  if (file.size === 0) return 'This file is empty: choose another one';
  if (file.size > MAX_IMAGE_BYTES) return 'Choose an image of at most 5 MB';
  return undefined;
}

/** The image file input, tied to its Field's label, hint and error (aria-describedby, aria-invalid). */
const ImageFileInput = forwardRef<
  HTMLInputElement,
  Omit<ComponentPropsWithoutRef<'input'>, 'type'>
>(function ImageFileInput(props, ref) {
  return <input ref={ref} type="file" {...useFieldControl(props)} />;
});

function toDraft(p: Product): Draft {
  return {
    name: p.name,
    slug: p.slug,
    description: p.description ?? '',
    price: (p.price_cents / 100).toFixed(2),
    stock: p.stock === null ? '' : String(p.stock),
    category: p.category as ProductCategory,
    attributes: p.sustainability_attributes as SustainabilityAttribute[],
    co2e: p.co2e_grams === null ? '' : String(p.co2e_grams / 1000),
    co2eSource: p.co2e_source ?? '',
    images: p.images,
  };
}

/** Create (/add-product) or edit (/vendor/products/:slug) a product, with images and CO2e. */
export function Component() {
  const { slug } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = useQuery({
    queryKey: ['vendor', 'product', slug],
    queryFn: () => api.products.getBySlug(slug!),
    enabled: Boolean(slug),
  });
  const { limits } = usePlan();
  // A new product needs room in the plan (the database enforces the same limit).
  const owned = useQuery({
    queryKey: ['vendor', 'products', 'count'],
    queryFn: () => api.products.listMine({ page: 0, pageSize: 1 }),
    enabled: !slug && limits.products !== null,
  });
  const atLimit = !slug && atPlanLimit(limits.products, owned.data?.total);
  // The form starts from the stored product (or empty) and keeps the user's edits from then on.
  const [edited, setEdited] = useState<Draft | null>(null);
  const draft = edited ?? (existing.data ? toDraft(existing.data) : EMPTY);
  const setDraft = (update: (d: Draft) => Draft) => setEdited(update(draft));
  const [touched, setTouched] = useState(false);
  const [slugTyped, setSlugTyped] = useState(false);
  const slugEdited = slugTyped || Boolean(existing.data);

  const errors: Partial<Record<keyof Draft, string>> = validateProductDraft(draft);
  const formRef = useRef<HTMLFormElement>(null);
  const saveErrorRef = useRef<HTMLDivElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid();
  const show = (key: keyof Draft) => (touched ? errors[key] : undefined) ?? serverError(key);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  // The image controls keep the keyboard's place: the file input stays enabled while an image
  // uploads (a disabled input loses the focus), and a removed image's Remove button hands the
  // focus to the next image's (else the previous one's, else to the file input).
  const focusWhenShown = useFocusWhenShown();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const removeImage = (src: string) => {
    const index = draft.images.indexOf(src);
    const next = draft.images[index + 1] ?? draft.images[index - 1];
    set(
      'images',
      draft.images.filter((i) => i !== src),
    );
    focusWhenShown(() => (next ? removeButtons.current.get(next) : fileInputRef.current));
  };

  // A file refused before it is sent (its type or size); an upload that failed is the mutation's.
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => api.merchants.uploadProductImage(file, file.name),
    // The message sits under the file input, which has the focus back to choose another file
    // (unless the user has gone on to another control while the image uploaded).
    onError: () => focusWhenShown(() => fileInputRef.current, { from: () => fileInputRef.current }),
    onSuccess: (url) => {
      const images = [...draft.images, url].slice(0, MAX_IMAGES);
      setEdited((d) => {
        const base = d ?? draft;
        return { ...base, images: [...base.images, url].slice(0, MAX_IMAGES) };
      });
      // The last image the product takes disables the file input: its Remove button is next.
      if (images.length >= MAX_IMAGES)
        focusWhenShown(() => removeButtons.current.get(images[images.length - 1]!), {
          from: () => fileInputRef.current,
        });
    },
  });

  const imageError = fileError ?? (upload.isError ? uploadMessage(upload.error) : undefined);
  const chooseImage = (file: File) => {
    const problem = fileProblem(file);
    setFileError(problem ?? null);
    if (problem) {
      upload.reset();
      // The file was just chosen here: the input, now described by the message, has the focus.
      fileInputRef.current?.focus();
    } else upload.mutate(file);
  };

  const save = useMutation({
    // The product as sent: a field's refusal is told at it while it still holds what was sent.
    mutationFn: async ({ submit, sent }: { submit: boolean; sent: Draft }) => {
      const fields = {
        name: sent.name.trim(),
        slug: sent.slug,
        description: sent.description.trim() || null,
        price_cents: Math.round(Number(sent.price) * 100),
        stock: sent.stock.trim() === '' ? null : Number(sent.stock),
        category: sent.category,
        sustainability_attributes: sent.attributes,
        co2e_grams: sent.co2e.trim() === '' ? null : Math.round(Number(sent.co2e) * 1000),
        co2e_source: sent.co2e.trim() === '' ? null : sent.co2eSource.trim(),
        images: sent.images,
      };
      const product = existing.data
        ? await api.products.update(existing.data.id, fields)
        : await api.products.create(fields);
      return submit ? api.products.submitForReview(product.id) : product;
    },
    onSuccess: async (product, { submit: submitted }) => {
      await queryClient.invalidateQueries({ queryKey: ['vendor'] });
      toast({
        title: submitted
          ? 'Submitted for approval'
          : product.status === 'draft' || product.status === 'rejected'
            ? 'Draft saved'
            : 'Changes saved',
        description: product.name,
      });
      void navigate('/vendor/products');
    },
  });

  // Leaving with unsaved edits asks first (a saved product navigates away on its own).
  useConfirmLeave(
    edited !== null && !save.isSuccess && !save.isPending,
    'Your changes to the product are not saved.',
  );
  // A check the server failed on is told next to its field (and focused), in the form's words,
  // until that field is changed; any other failure in the card above the buttons.
  const refused = save.isError ? serverFieldError(save.error) : undefined;
  function serverError(key: keyof Draft): string | undefined {
    return refused?.field === key && save.variables?.sent[key] === draft[key]
      ? refused.message
      : undefined;
  }

  const onSubmit = (submit: boolean, event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    // An image's message belongs to the file chosen before: it goes, so the focus after a refused
    // save lands on what the save was refused for.
    setFileError(null);
    if (upload.isError) upload.reset();
    save.mutate(
      { submit, sent: draft },
      { onError: () => focusFirstInvalid(formRef.current, saveErrorRef) },
    );
  };

  if (slug && existing.isPending) return <Skeleton height="480px" />;
  if (slug && existing.isError)
    return (
      <ErrorCard message={errorMessage(existing.error)} onRetry={() => void existing.refetch()} />
    );
  const status = existing.data ? STATUS_LABEL[existing.data.status] : undefined;
  // A new, draft or rejected product is saved as a draft and submitted; one that is live or in
  // review is only saved (it keeps its status).
  const drafting =
    !existing.data || existing.data.status === 'draft' || existing.data.status === 'rejected';
  const intro = drafting
    ? existing.data?.status === 'rejected'
      ? 'The review sent this product back. Change what it asked for, then submit it again.'
      : 'Products start as drafts. Submit one for approval when its details and evidence are complete.'
    : existing.data?.status === 'approved'
      ? 'This product is live in the shop: saved changes show there at once.'
      : 'This product is waiting for review: saved changes are part of what is reviewed.';
  if (atLimit)
    return (
      <Flex direction="column" gap="5" py="5" maxWidth="820px">
        <title>Add a product — Verdant</title>
        <PageHeader title="Add a product" />
        <ProductLimitCard limit={limits.products} />
      </Flex>
    );

  return (
    <Flex direction="column" gap="5" py="5" maxWidth="820px">
      <title>{`${existing.data ? `Edit ${existing.data.name}` : 'Add a product'} — Verdant`}</title>
      <PageHeader
        title={existing.data ? `Edit ${existing.data.name}` : 'Add a product'}
        description={intro}
        meta={status ? <Badge tone={status.tone}>{status.label}</Badge> : undefined}
      />
      <Card size="lg">
        <form
          ref={formRef}
          onSubmit={(event) => onSubmit(false, event)}
          noValidate
          aria-label="Product details"
        >
          <Flex direction="column" gap="4">
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              <Field label="Name" required error={show('name')}>
                <TextInput
                  value={draft.name}
                  maxLength={200}
                  onChange={(e) => {
                    const name = e.target.value;
                    setDraft((d) => ({ ...d, name, slug: slugEdited ? d.slug : slugFrom(name) }));
                  }}
                />
              </Field>
              <Field
                label="Web address (slug)"
                required
                error={show('slug')}
                description="Used in the shop’s product link"
              >
                <TextInput
                  value={draft.slug}
                  maxLength={64}
                  onChange={(e) => {
                    setSlugTyped(true);
                    set('slug', e.target.value);
                  }}
                />
              </Field>
              <Field label="Price (USD)" required error={show('price')}>
                <TextInput
                  inputMode="decimal"
                  value={draft.price}
                  onChange={(e) => set('price', e.target.value)}
                />
              </Field>
              <Field
                label="Stock"
                error={show('stock')}
                description="Leave empty if you do not track stock"
              >
                <TextInput
                  inputMode="numeric"
                  value={draft.stock}
                  onChange={(e) => set('stock', e.target.value)}
                />
              </Field>
              <Field label="Category">
                <NativeSelect
                  value={draft.category}
                  onChange={(event) => set('category', event.target.value as ProductCategory)}
                  options={PRODUCT_CATEGORIES.map((c) => ({
                    value: c,
                    label: PRODUCT_CATEGORY_LABELS[c],
                  }))}
                />
              </Field>
            </Grid>
            <Field label="Description" error={show('description')}>
              <Textarea
                value={draft.description}
                rows={4}
                maxLength={8000}
                onChange={(e) => set('description', e.target.value)}
              />
            </Field>
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend style={{ marginBottom: 8, padding: 0 }}>
                <Text size="2" weight="medium">
                  Sustainability attributes
                </Text>
              </legend>
              <Grid columns={{ initial: '1', xs: '2', sm: '3' }} gap="2">
                {SUSTAINABILITY_ATTRIBUTES.map((attribute) => (
                  <Checkbox
                    key={attribute}
                    label={ATTRIBUTE_LABELS[attribute]}
                    checked={draft.attributes.includes(attribute)}
                    onCheckedChange={(checked) =>
                      set(
                        'attributes',
                        checked === true
                          ? [...draft.attributes, attribute]
                          : draft.attributes.filter((a) => a !== attribute),
                      )
                    }
                  />
                ))}
              </Grid>
            </fieldset>
            <Grid columns={{ initial: '1', sm: '2' }} gap="4">
              <Field
                label="Estimated CO2e (kg)"
                error={show('co2e')}
                description="Per unit, cradle to customer"
              >
                <TextInput
                  inputMode="decimal"
                  value={draft.co2e}
                  onChange={(e) => set('co2e', e.target.value)}
                />
              </Field>
              <Field
                label="Source of the estimate"
                error={show('co2eSource')}
                description="e.g. “Lifecycle assessment by Carbon Trust, 2025”"
              >
                <TextInput
                  value={draft.co2eSource}
                  maxLength={500}
                  onChange={(e) => set('co2eSource', e.target.value)}
                />
              </Field>
            </Grid>
            <Field
              label="Add an image"
              controlId="product-image-file"
              description="PNG, JPEG, WebP or AVIF, up to 5 MB; up to 12 images"
              error={imageError}
            >
              <ImageFileInput
                ref={fileInputRef}
                accept={PRODUCT_IMAGE_TYPES.join(',')}
                // Not disabled while an image uploads: that would take the focus away. A file
                // chosen meanwhile uploads too, rather than being dropped.
                aria-busy={upload.isPending || undefined}
                disabled={draft.images.length >= MAX_IMAGES}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) chooseImage(file);
                  e.target.value = '';
                }}
              />
            </Field>
            {draft.images.length > 0 ? (
              <Flex asChild gap="3" wrap="wrap">
                <ul aria-label="Images" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {draft.images.map((src, index) => (
                    <li key={src}>
                      <Flex direction="column" gap="1" align="center">
                        <Box asChild width="96px" height="96px">
                          <img
                            src={src}
                            alt={`${draft.name || 'Product'}, ${index + 1} of ${draft.images.length}`}
                            style={{ objectFit: 'cover', borderRadius: 8 }}
                          />
                        </Box>
                        <Button
                          ref={(button) => {
                            if (button) removeButtons.current.set(src, button);
                            else removeButtons.current.delete(src);
                          }}
                          type="button"
                          size="sm"
                          variant="ghost"
                          aria-label={`Remove image ${index + 1}`}
                          onClick={() => removeImage(src)}
                        >
                          Remove
                        </Button>
                      </Flex>
                    </li>
                  ))}
                </ul>
              </Flex>
            ) : null}
            {save.isError && !refused ? (
              <ErrorCard
                ref={saveErrorRef}
                tabIndex={-1}
                title="Not saved"
                message={errorMessage(save.error)}
              />
            ) : null}
            <Flex gap="3" wrap="wrap">
              <Button
                type="submit"
                variant={drafting ? 'secondary' : 'primary'}
                loading={save.isPending && save.variables?.submit === false}
              >
                {drafting ? 'Save draft' : 'Save changes'}
              </Button>
              {drafting ? (
                <Button
                  type="button"
                  loading={save.isPending && save.variables?.submit === true}
                  onClick={() => onSubmit(true)}
                >
                  Submit for approval
                </Button>
              ) : null}
            </Flex>
          </Flex>
        </form>
      </Card>
    </Flex>
  );
}

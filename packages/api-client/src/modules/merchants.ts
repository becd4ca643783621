import { checkImageBytes } from '../image-bytes.ts';
import type { ModuleContext } from '../context.ts';
import { ApiError, toApiError } from '../errors.ts';
import { currentUserId, run, runDelete } from '../request.ts';
import type { Row, Update } from '../types.ts';
import { invalid, oneOf, optionalText, optionalUrl, text, uuid } from '../validate.ts';

/**
 * The merchant's company. `approval_status` says where it stands with the administrators;
 * `rejection_reason` is the administrators' reason when they rejected it (`null` otherwise, or when
 * they gave none). A rejected company sends itself again with `profiles.completeOnboarding()`,
 * which puts it back to `pending`.
 */
export type MerchantCompany = Row<'merchant_profiles'> & {
  sustainability_statement?: string | null;
};
export type MerchantClaim = Row<'sustainability_claims'>;

/** Where a merchant is in onboarding; `complete` is set only by `profiles.completeOnboarding()`. */
export const ONBOARDING_STEPS = ['company', 'sustainability', 'payouts'] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export const CLAIM_CATEGORIES = [
  'materials',
  'carbon',
  'packaging',
  'labour',
  'certification',
  'energy',
  'water',
  'other',
] as const;
export type ClaimCategory = (typeof CLAIM_CATEGORIES)[number];

export interface CompanyFields {
  company_name?: string;
  website?: string | null;
  description?: string | null;
  sustainability_statement?: string | null;
  onboarding_step?: OnboardingStep;
}

export interface NewClaim {
  claim: string;
  category?: ClaimCategory;
  evidence_url?: string | null;
  /** A path in the private claim-evidence bucket, from `uploadEvidence`. */
  evidence_document?: string | null;
  issuer?: string | null;
  scope?: string | null;
  issued_on?: string | null;
  expires_on?: string | null;
}

/** Evidence documents merchants may upload (PDF and images), at most 10 MB. */
export const EVIDENCE_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
/** Product images, at most 5 MB. */
export const PRODUCT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/avif'] as const;
const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function optionalDate(field: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value)))
    invalid(field, 'must be a date like 2026-05-31');
  return value;
}

function checkFile(field: string, file: Blob, types: readonly string[], maxBytes: number): void {
  if (!(file instanceof Blob)) invalid(field, 'must be a file');
  const essence = file.type.split(';')[0]!.trim().toLowerCase();
  if (!types.includes(essence)) invalid(field, `must be one of ${types.join(', ')}`);
  if (file.size === 0) invalid(field, 'is empty');
  if (file.size > maxBytes) invalid(field, `must be at most ${maxBytes / 1024 / 1024} MB`);
}

/** A safe file name for storage: letters, digits, dots, dashes; keeps the extension. */
function storageName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(-80);
  return `${crypto.randomUUID()}-${cleaned || 'file'}`;
}

/** What `storageName` puts before the uploaded file's own name: a random UUID and a dash. */
const STORED_PREFIX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i;

/**
 * The file name an evidence document was uploaded as, from its storage path
 * (`<merchant id>/<uuid>-<name>` → `<name>`), for people reviewing it. A path of another shape gives
 * its last segment.
 */
export function evidenceDocumentName(path: string): string {
  const file = path.slice(path.lastIndexOf('/') + 1);
  return file.replace(STORED_PREFIX, '') || file || path;
}

/** The signed-in merchant's company, onboarding, claims and uploads. */
export function createMerchantsModule({ supabase }: ModuleContext) {
  return {
    /** The signed-in merchant's company, or null before the first onboarding step is saved. */
    async getMine(): Promise<MerchantCompany | null> {
      const me = await currentUserId(supabase);
      return run(supabase.from('merchant_profiles').select('*').eq('id', me).maybeSingle());
    },

    /** Creates or updates the signed-in merchant's company (one onboarding step at a time). */
    async saveCompany(fields: CompanyFields): Promise<MerchantCompany> {
      // `sustainability_statement` is newer than the generated types may be.
      const values: Update<'merchant_profiles'> & { sustainability_statement?: string | null } = {};
      if (fields.company_name !== undefined)
        values.company_name = await text('company_name', fields.company_name, { max: 200 });
      if (fields.website !== undefined) {
        const website = optionalUrl('website', fields.website);
        if (website !== null && !/^https?:\/\//.test(website))
          invalid('website', 'must start with https:// or http://');
        values.website = website;
      }
      if (fields.description !== undefined)
        values.description = await optionalText('description', fields.description, { max: 4000 });
      if (fields.sustainability_statement !== undefined) {
        const statement = await optionalText(
          'sustainability_statement',
          fields.sustainability_statement,
          {
            max: 4000,
          },
        );
        if (statement !== null && statement.length < 20)
          invalid('sustainability_statement', 'must be at least 20 characters');
        values.sustainability_statement = statement;
      }
      if (fields.onboarding_step !== undefined)
        values.onboarding_step = oneOf('onboarding_step', fields.onboarding_step, ONBOARDING_STEPS);
      const me = await currentUserId(supabase);
      const existing = await run(
        supabase.from('merchant_profiles').select('id').eq('id', me).maybeSingle(),
      );
      if (existing) {
        return await run(
          supabase.from('merchant_profiles').update(values).eq('id', me).select('*').single(),
        );
      }
      if (typeof values.company_name !== 'string') invalid('company_name', 'is required');
      return await run(
        supabase
          .from('merchant_profiles')
          .insert({
            ...values,
            company_name: values.company_name,
            id: me,
          })
          .select('*')
          .single(),
      );
    },

    /** The signed-in merchant's claims in every review state, newest first. */
    async listMyClaims(): Promise<MerchantClaim[]> {
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('sustainability_claims')
          .select('*')
          .eq('merchant_id', me)
          .order('created_at', { ascending: false }),
      );
    },

    /** Adds a claim with its evidence (a link or an uploaded document); it starts pending review. */
    async addClaim(input: NewClaim): Promise<MerchantClaim> {
      const values = {
        claim: await text('claim', input.claim, { min: 3, max: 500 }),
        category: oneOf('category', input.category ?? 'other', CLAIM_CATEGORIES),
        evidence_url: optionalUrl('evidence_url', input.evidence_url ?? null, true),
        evidence_document: await optionalText(
          'evidence_document',
          input.evidence_document ?? null,
          {
            max: 1024,
          },
        ),
        issuer: await optionalText('issuer', input.issuer ?? null, { max: 200 }),
        scope: await optionalText('scope', input.scope ?? null, { max: 1000 }),
        issued_on: optionalDate('issued_on', input.issued_on),
        expires_on: optionalDate('expires_on', input.expires_on),
      };
      if (values.evidence_url === null && values.evidence_document === null)
        invalid('evidence', 'add a link or upload a document');
      if (values.issued_on && values.expires_on && values.expires_on < values.issued_on)
        invalid('expires_on', 'must not be before the issue date');
      const me = await currentUserId(supabase);
      return run(
        supabase
          .from('sustainability_claims')
          .insert({ ...values, merchant_id: me })
          .select('*')
          .single(),
      );
    },

    async removeClaim(id: string): Promise<void> {
      await runDelete(
        supabase.from('sustainability_claims').delete().eq('id', uuid('id', id)).select('id'),
        'Claim',
      );
    },

    /** Uploads an evidence document to the private claim-evidence bucket; returns its path. */
    async uploadEvidence(file: Blob, name: string): Promise<string> {
      checkFile('file', file, EVIDENCE_TYPES, EVIDENCE_MAX_BYTES);
      const me = await currentUserId(supabase);
      const path = `${me}/${storageName(name)}`;
      const { error } = await supabase.storage
        .from('claim-evidence')
        .upload(path, file, { contentType: file.type, upsert: false });
      if (error) throw await toApiError(error);
      return path;
    },

    /** A short-lived link to an evidence document (its merchant and admins only). */
    async evidenceLink(path: string, expiresInSeconds = 300): Promise<string> {
      const clean = await text('path', path, { max: 1024 });
      const { data, error } = await supabase.storage
        .from('claim-evidence')
        .createSignedUrl(clean, expiresInSeconds);
      if (error) throw await toApiError(error);
      if (!data?.signedUrl) throw new ApiError('not_found', 'Evidence not found');
      return data.signedUrl;
    },

    /** Uploads a product image to the public product-images bucket; returns its public URL. */
    async uploadProductImage(file: Blob, name: string): Promise<string> {
      checkFile('file', file, PRODUCT_IMAGE_TYPES, IMAGE_MAX_BYTES);
      await checkImageBytes('file', file, file.type.split(';')[0]!.trim().toLowerCase());
      const me = await currentUserId(supabase);
      const path = `${me}/${storageName(name)}`;
      const { error } = await supabase.storage
        .from('product-images')
        .upload(path, file, { contentType: file.type, upsert: false });
      if (error) throw await toApiError(error);
      return supabase.storage.from('product-images').getPublicUrl(path).data.publicUrl;
    },
  };
}

export type MerchantsModule = ReturnType<typeof createMerchantsModule>;

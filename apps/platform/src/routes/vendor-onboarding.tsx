import { Flex, Grid, Heading, Text } from '@radix-ui/themes';
import {
  CLAIM_CATEGORIES,
  EVIDENCE_TYPES,
  type ClaimCategory,
  type MerchantClaim,
  type MerchantCompany,
} from '@verdant/api-client';
import { useAuth } from '@verdant/auth/react';
import {
  Badge,
  Button,
  Card,
  ErrorCard,
  Field,
  NativeSelect,
  PageHeader,
  Skeleton,
  Stepper,
  TextInput,
  Textarea,
  toast,
  useFieldControl,
} from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  forwardRef,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type FormEvent,
} from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../lib/api.ts';
import { errorField } from '../lib/error-message.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { inPlaceOfRow, useFocusWhenShown } from '../lib/focus-when-shown.ts';
import { valueLabel } from '../lib/labels.ts';
import { errorMessage } from './vendor-format.ts';
import { MerchantApprovalStatus, useMyCompany } from './vendor-approval-status.tsx';

const STEPS = [
  { id: 'company', label: 'Company' },
  { id: 'website', label: 'Website' },
  { id: 'description', label: 'Description' },
  { id: 'statement', label: 'Sustainability statement' },
  { id: 'claims', label: 'Claims and evidence' },
  { id: 'payouts', label: 'Payout details' },
  { id: 'review', label: 'Review' },
] as const;

const CATEGORY_LABELS: Record<ClaimCategory, string> = {
  materials: 'Materials',
  carbon: 'Carbon',
  packaging: 'Packaging',
  labour: 'Labour',
  certification: 'Certification',
  energy: 'Energy',
  water: 'Water',
  other: 'Other',
};

/** Where a saved company resumes: the first step whose data is still missing. */
function resumeStep(company: MerchantCompany | null, claims: MerchantClaim[]): number {
  if (!company) return 0;
  // Finished: the review, where every step can be reopened to change what it saved.
  if (company.onboarding_step === 'complete') return STEPS.length - 1;
  if (!company.website) return 1;
  if (!company.description) return 2;
  if (!company.sustainability_statement) return 3;
  if (claims.length === 0) return 4;
  if (company.onboarding_step !== 'payouts') return 5;
  return 6;
}

/** Whether each step's data is saved, whichever step is open: the stepper shows it as complete. */
function savedSteps(company: MerchantCompany | null, claims: MerchantClaim[]): boolean[] {
  const finished = company?.onboarding_step === 'complete';
  const saved: Record<(typeof STEPS)[number]['id'], boolean> = {
    company: Boolean(company?.company_name),
    website: Boolean(company?.website),
    description: Boolean(company?.description),
    statement: Boolean(company?.sustainability_statement),
    claims: claims.length > 0,
    payouts: finished || company?.onboarding_step === 'payouts',
    review: finished,
  };
  return STEPS.map((s) => saved[s.id]);
}

interface CompanyForm {
  company_name: string;
  website: string;
  description: string;
  statement: string;
}
type CompanyField = keyof CompanyForm;

/** The API client's field names of the company steps, as this form names them. */
const COMPANY_FIELDS: Record<string, CompanyField> = {
  company_name: 'company_name',
  website: 'website',
  description: 'description',
  sustainability_statement: 'statement',
};

/** An address as typed, with `https://` in front when no scheme is: "example.com" just works. */
function withScheme(typed: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`;
}

/** Whether an address names a page on the web: http(s), a dotted host, no user name or password. */
function isWebAddress(address: string): boolean {
  if (/\s/.test(address) || address.length > 2048) return false;
  try {
    const url = new URL(address);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      !url.username &&
      !url.password &&
      /^[^.]+(\.[^.]+)+$/.test(url.hostname)
    );
  } catch {
    return false;
  }
}

/**
 * The website as it is saved: a secure address, `https://` added when the merchant leaves it out.
 */
function checkWebsite(value: string): { ok: true; address: string } | { ok: false; error: string } {
  const typed = value.trim();
  if (typed === '')
    return { ok: false, error: 'Enter your website’s address, such as example.com' };
  const address = withScheme(typed);
  if (!isWebAddress(address))
    return { ok: false, error: 'Enter a web address such as example.com or https://example.com' };
  if (!/^https:/i.test(address))
    return { ok: false, error: 'Use your website’s secure address, starting with https://' };
  return { ok: true, address };
}

/** What keeps a company step from being saved, by field (checked before any request). */
function companyErrors(
  id: (typeof STEPS)[number]['id'],
  form: CompanyForm,
): Partial<Record<CompanyField, string>> {
  switch (id) {
    case 'company':
      return form.company_name.trim() === '' ? { company_name: 'Enter your company’s name' } : {};
    case 'website': {
      const website = checkWebsite(form.website);
      return website.ok ? {} : { website: website.error };
    }
    case 'description':
      return form.description.trim() === ''
        ? { description: 'Describe what your company makes' }
        : {};
    case 'statement': {
      const length = form.statement.trim().length;
      if (length === 0) return { statement: 'Write your sustainability statement' };
      return length < 20 ? { statement: `Write at least 20 characters (${length} so far)` } : {};
    }
    default:
      return {};
  }
}

interface ClaimDraft {
  claim: string;
  category: ClaimCategory;
  evidence_url: string;
  issuer: string;
  scope: string;
  issued_on: string;
  expires_on: string;
}
type ClaimField =
  'claim' | 'evidence_url' | 'evidence_document' | 'issuer' | 'scope' | 'issued_on' | 'expires_on';

const NEW_CLAIM: ClaimDraft = {
  claim: '',
  category: 'packaging',
  evidence_url: '',
  issuer: '',
  scope: '',
  issued_on: '',
  expires_on: '',
};

const EVIDENCE_REQUIRED = 'Add a link to the evidence or upload a document';
const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

/** The API client's field names of a claim, as this form names them. */
const CLAIM_FIELDS: Record<string, ClaimField> = {
  claim: 'claim',
  evidence_url: 'evidence_url',
  evidence: 'evidence_url',
  file: 'evidence_document',
  evidence_document: 'evidence_document',
  issuer: 'issuer',
  scope: 'scope',
  issued_on: 'issued_on',
  expires_on: 'expires_on',
};

/** Whether the merchant has started a claim: typed into any of its fields or chosen a document. */
function claimStarted(draft: ClaimDraft, file: File | null): boolean {
  return (
    file !== null ||
    [
      draft.claim,
      draft.evidence_url,
      draft.issuer,
      draft.scope,
      draft.issued_on,
      draft.expires_on,
    ].some((value) => value.trim() !== '')
  );
}

/** What keeps a claim from being added, by field (checked before any upload or request). */
function claimErrors(draft: ClaimDraft, file: File | null): Partial<Record<ClaimField, string>> {
  const errors: Partial<Record<ClaimField, string>> = {};
  const claim = draft.claim.trim();
  if (claim === '') errors.claim = 'Write the claim';
  else if (claim.length < 3) errors.claim = 'Write the claim in at least 3 characters';
  const link = draft.evidence_url.trim();
  if (link !== '' && !isWebAddress(withScheme(link)))
    errors.evidence_url =
      'Enter the web address of the evidence, such as https://example.com/audit.pdf';
  else if (link === '' && file === null) errors.evidence_url = EVIDENCE_REQUIRED;
  if (file) {
    if (!(EVIDENCE_TYPES as readonly string[]).includes(file.type))
      errors.evidence_document = 'Choose a PDF, PNG, JPEG or WebP file';
    else if (file.size === 0) errors.evidence_document = 'This file is empty: choose another one';
    else if (file.size > EVIDENCE_MAX_BYTES)
      errors.evidence_document = 'Choose a file of at most 10 MB';
  }
  if (draft.issued_on && draft.expires_on && draft.expires_on < draft.issued_on)
    errors.expires_on = 'The expiry date must not be before the issue date';
  return errors;
}

/** The evidence document's file input, tied to its Field's label, hint and error like the kit's. */
const EvidenceFileInput = forwardRef<
  HTMLInputElement,
  Omit<ComponentPropsWithoutRef<'input'>, 'type'>
>(function EvidenceFileInput(props, ref) {
  return <input ref={ref} type="file" {...useFieldControl(props)} />;
});

/** The review's line about the claims: how many of them are in each review state. */
function claimsSummary(claims: MerchantClaim[]): string {
  if (claims.length === 0) return 'None yet';
  const count = (status: MerchantClaim['review_status']) =>
    claims.filter((c) => c.review_status === status).length;
  return [
    [count('approved'), 'approved'],
    [count('pending'), 'waiting for review'],
    [count('rejected'), 'not approved'],
    [count('expired'), 'expired'],
  ]
    .filter(([n]) => Number(n) > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(', ');
}

/** Where a finished onboarding stands with the administrators. */
const APPROVAL: Record<string, { tone: 'success' | 'warning' | 'danger'; text: string }> = {
  approved: { tone: 'success', text: 'Approved: your company is live on Verdant.' },
  pending: { tone: 'warning', text: 'Waiting for an administrator to approve your company.' },
  rejected: {
    tone: 'danger',
    text: 'Not approved: read the reason at the top, change your details and send them again.',
  },
  suspended: { tone: 'danger', text: 'Suspended. Contact us to find out what to change.' },
};

/** The resumable merchant onboarding (/vendor-onboarding). */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const company = useMyCompany();
  const claims = useQuery({
    queryKey: ['merchant', 'claims'],
    queryFn: () => api.merchants.listMyClaims(),
  });
  const [chosenStep, setStep] = useState<number | null>(null);
  const [editedForm, setForm] = useState<CompanyForm | null>(null);
  // A step's errors show once its Save and continue was pressed.
  const [stepTouched, setStepTouched] = useState(false);
  const [claim, setClaim] = useState<ClaimDraft>(NEW_CLAIM);
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  // The claim's errors show once Add claim or Continue was pressed.
  const [claimTouched, setClaimTouched] = useState(false);
  // Continue was pressed with a claim still to fix ('unsaved') or with no claim at all ('none').
  const [claimHold, setClaimHold] = useState<'unsaved' | 'none' | null>(null);

  const loaded = company.isSuccess && claims.isSuccess;
  // Resumes at the first step whose data is missing; the form starts from what was saved.
  const resume = loaded ? resumeStep(company.data, claims.data) : null;
  const step = chosenStep ?? resume;
  const form: CompanyForm = editedForm ?? {
    company_name: company.data?.company_name ?? '',
    website: company.data?.website ?? '',
    description: company.data?.description ?? '',
    statement: company.data?.sustainability_statement ?? '',
  };

  // Opening a step (from the stepper or by continuing) takes the focus to its heading, which
  // names the step, instead of leaving it on a button that is gone.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [headingFocus, setHeadingFocus] = useState(0);
  useEffect(() => {
    if (headingFocus > 0) headingRef.current?.focus();
  }, [headingFocus]);
  const goTo = (index: number) => {
    setStep(index);
    setStepTouched(false);
    setClaimHold(null);
    setHeadingFocus((n) => n + 1);
  };
  const focusFirstInvalid = useFocusFirstInvalid();
  const saveErrorRef = useRef<HTMLDivElement>(null);
  const claimErrorRef = useRef<HTMLDivElement>(null);
  const claimInputRef = useRef<HTMLInputElement>(null);

  // A finished onboarding stays finished while its details are edited.
  const finished = company.data?.onboarding_step === 'complete';
  const saveStep = useMutation({
    mutationFn: async ({ index, values }: { index: number; values: CompanyForm }) => {
      switch (STEPS[index]!.id) {
        case 'company':
          return api.merchants.saveCompany({ company_name: values.company_name.trim() });
        case 'website':
          return api.merchants.saveCompany({ website: values.website });
        case 'description':
          return api.merchants.saveCompany({ description: values.description });
        case 'statement':
          return api.merchants.saveCompany({
            sustainability_statement: values.statement,
            ...(finished ? {} : { onboarding_step: 'sustainability' as const }),
          });
        case 'payouts':
          return finished ? null : api.merchants.saveCompany({ onboarding_step: 'payouts' });
        default:
          return null;
      }
    },
    onSuccess: async (saved, { index, values }) => {
      await queryClient.invalidateQueries({ queryKey: ['merchant', 'company'] });
      // The website as saved (with the https:// added for the merchant) is what the field shows.
      if (STEPS[index]!.id === 'website')
        setForm({ ...values, website: saved?.website ?? values.website });
      goTo(index + 1);
    },
  });

  const addClaim = useMutation({
    mutationFn: async ({
      draft,
      document,
    }: {
      draft: ClaimDraft;
      document: File | null;
      /** Added by Continue, which goes on to the next step. */
      continuing: boolean;
    }) => {
      const link = draft.evidence_url.trim();
      const evidence_document = document
        ? await api.merchants.uploadEvidence(document, document.name)
        : null;
      return api.merchants.addClaim({
        ...draft,
        claim: draft.claim.trim(),
        evidence_url: link === '' ? null : withScheme(link),
        evidence_document,
        issuer: draft.issuer || null,
        scope: draft.scope || null,
        issued_on: draft.issued_on || null,
        expires_on: draft.expires_on || null,
      });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['merchant', 'claims'] });
      setClaim((c) => ({ ...NEW_CLAIM, category: c.category }));
      setFile(null);
      setFileKey((k) => k + 1);
      setClaimTouched(false);
      setClaimHold(null);
      toast({ title: 'Claim added', description: 'An administrator will review the evidence.' });
    },
  });

  const removeClaim = useMutation({
    mutationFn: (claim: MerchantClaim) => api.merchants.removeClaim(claim.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['merchant', 'claims'] }),
    onError: (error, claim) =>
      toast({
        title: 'Claim not removed',
        description: `${claim.claim}: ${errorMessage(error)}`,
        variant: 'destructive',
      }),
  });
  // A removed claim's Remove button hands the focus to the next claim's (else the previous
  // one's), or to the claim field once none is left.
  const focusWhenShown = useFocusWhenShown();
  const removeClaimInPlace = (claim: MerchantClaim, button: HTMLElement) => {
    const next = inPlaceOfRow(
      button,
      '[aria-label^="Remove claim: "]',
      () => claimInputRef.current,
    );
    removeClaim.mutate(claim, { onSuccess: () => focusWhenShown(next) });
  };

  const finish = useMutation({
    mutationFn: () => api.profiles.completeOnboarding(),
    onSuccess: async () => {
      await auth.refreshProfile();
      await queryClient.invalidateQueries();
      toast({
        title: 'Onboarding complete',
        description: 'Your company is now waiting for approval.',
      });
      void navigate('/dashboard-vendor');
    },
  });

  if (company.isError || claims.isError) {
    return (
      <Flex py="5">
        <ErrorCard
          message={errorMessage(company.error ?? claims.error)}
          onRetry={() => {
            void company.refetch();
            void claims.refetch();
          }}
        />
      </Flex>
    );
  }
  if (step === null) return <Skeleton height="420px" />;

  const current = STEPS[step]!;
  const approval = APPROVAL[company.data?.approval_status ?? 'pending'] ?? APPROVAL.pending!;
  const claimList = claims.data ?? [];
  const saved = savedSteps(company.data ?? null, claimList);

  // The company steps: errors are told at their field, and a failed save says why there too.
  const errors = companyErrors(current.id, form);
  const saveField = saveStep.isError ? COMPANY_FIELDS[errorField(saveStep.error) ?? ''] : undefined;
  const fieldError = (field: CompanyField) =>
    (stepTouched ? errors[field] : undefined) ??
    (saveField === field ? errorMessage(saveStep.error) : undefined);
  const setField = (field: CompanyField, value: string) => setForm({ ...form, [field]: value });
  const next = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStepTouched(true);
    const target = event.currentTarget;
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid(target);
      return;
    }
    const website = checkWebsite(form.website);
    const values =
      current.id === 'website' && website.ok ? { ...form, website: website.address } : form;
    saveStep.mutate(
      { index: step, values },
      { onError: () => focusFirstInvalid(target, saveErrorRef) },
    );
  };

  // The claims step: a claim is checked before anything is uploaded, its errors told at its
  // fields; Continue never drops a claim that was filled in but not added.
  const claimProblems = claimErrors(claim, file);
  const claimServerCheck = addClaim.isError ? errorField(addClaim.error) : undefined;
  const claimServerField = CLAIM_FIELDS[claimServerCheck ?? ''];
  const claimError = (field: ClaimField) =>
    (claimTouched ? claimProblems[field] : undefined) ??
    (claimServerField === field
      ? claimServerCheck === 'evidence'
        ? EVIDENCE_REQUIRED
        : errorMessage(addClaim.error)
      : undefined);
  const started = claimStarted(claim, file);
  const holdMessage =
    claimHold === 'unsaved' && started
      ? 'Add this claim or clear it before continuing.'
      : claimHold === 'none' && claimList.length === 0 && !started
        ? 'Add at least one claim with its evidence to continue.'
        : null;
  /** Adds the claim when it passes its checks; otherwise shows why and focuses the first field. */
  const submitClaim = (target: HTMLFormElement | null, continuing = false): boolean => {
    if (addClaim.isPending) return true;
    setClaimTouched(true);
    if (Object.keys(claimProblems).length > 0) {
      focusFirstInvalid(target);
      return false;
    }
    addClaim.mutate(
      { draft: claim, document: file, continuing },
      {
        onSuccess: () => {
          if (continuing) goTo(step + 1);
        },
        onError: () => focusFirstInvalid(target, claimErrorRef),
      },
    );
    return true;
  };
  const continueFromClaims = (target: HTMLFormElement | null) => {
    if (started) {
      // A filled-in claim is added on the way when it can be, never dropped.
      if (!submitClaim(target, true)) setClaimHold('unsaved');
      return;
    }
    if (claimList.length === 0) {
      setClaimHold('none');
      setClaimTouched(true);
      focusFirstInvalid(target);
      return;
    }
    goTo(step + 1);
  };
  const clearClaim = () => {
    setClaim((c) => ({ ...NEW_CLAIM, category: c.category }));
    setFile(null);
    setFileKey((k) => k + 1);
    setClaimTouched(false);
    setClaimHold(null);
    addClaim.reset();
    claimInputRef.current?.focus();
  };

  return (
    <Flex direction="column" gap="5" py="5" maxWidth="820px">
      <title>Merchant onboarding — Verdant</title>
      <PageHeader
        title="Merchant onboarding"
        description={
          finished
            ? 'Your onboarding is complete. Open any step to change what it saved.'
            : 'Seven short steps. Each one is saved when you continue, so you can come back later.'
        }
      />
      <MerchantApprovalStatus place="onboarding" />
      <Stepper
        steps={STEPS.map((s, index) => ({ ...s, complete: saved[index] }))}
        current={step}
        reached={Math.max(resume ?? 0, step)}
        onStepClick={(index) => {
          saveStep.reset();
          addClaim.reset();
          goTo(index);
        }}
        aria-label="Onboarding steps"
      />
      <Card size="lg">
        <Flex direction="column" gap="4">
          <Heading as="h2" size="5" ref={headingRef} tabIndex={-1}>
            Step {step + 1} of {STEPS.length}: {current.label}
          </Heading>

          {current.id === 'company' ||
          current.id === 'website' ||
          current.id === 'description' ||
          current.id === 'statement' ? (
            <form onSubmit={next} noValidate aria-label={current.label}>
              <Flex direction="column" gap="4">
                {current.id === 'company' ? (
                  <Field
                    label="Company name"
                    required
                    description="As it should appear to affiliates and shoppers."
                    error={fieldError('company_name')}
                  >
                    <TextInput
                      value={form.company_name}
                      maxLength={200}
                      autoComplete="organization"
                      onChange={(e) => setField('company_name', e.target.value)}
                    />
                  </Field>
                ) : null}
                {current.id === 'website' ? (
                  <Field
                    label="Website"
                    required
                    description="Your shop’s address, such as example.com: https:// is added for you. Secure (https://) addresses only."
                    error={fieldError('website')}
                  >
                    <TextInput
                      type="url"
                      value={form.website}
                      autoComplete="url"
                      onChange={(e) => setField('website', e.target.value)}
                    />
                  </Field>
                ) : null}
                {current.id === 'description' ? (
                  <Field
                    label="What your company makes"
                    required
                    description="Two or three sentences for affiliates."
                    error={fieldError('description')}
                  >
                    <Textarea
                      value={form.description}
                      rows={4}
                      maxLength={4000}
                      onChange={(e) => setField('description', e.target.value)}
                    />
                  </Field>
                ) : null}
                {current.id === 'statement' ? (
                  <Field
                    label="Sustainability statement"
                    required
                    description="What you do differently, in concrete terms (at least 20 characters). Specific claims get their evidence in the next step."
                    error={fieldError('statement')}
                  >
                    <Textarea
                      value={form.statement}
                      rows={5}
                      maxLength={4000}
                      showCount
                      onChange={(e) => setField('statement', e.target.value)}
                    />
                  </Field>
                ) : null}
                {saveStep.isError && !saveField ? (
                  <ErrorCard
                    ref={saveErrorRef}
                    tabIndex={-1}
                    title="Not saved"
                    message={errorMessage(saveStep.error)}
                  />
                ) : null}
                <div>
                  <Button type="submit" loading={saveStep.isPending}>
                    Save and continue
                  </Button>
                </div>
              </Flex>
            </form>
          ) : null}

          {current.id === 'claims' ? (
            <Flex direction="column" gap="4">
              <Text as="p" color="gray">
                Add each sustainability claim with its evidence: a link to a public certificate or
                an uploaded document (PDF or image, up to 10 MB). Documents stay private to you and
                the reviewers.
              </Text>
              {claimList.length > 0 ? (
                <Flex asChild direction="column" gap="2">
                  <ul
                    aria-label="Your claims"
                    style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}
                  >
                    {claimList.map((c) => (
                      <li key={c.id}>
                        <Card size="sm">
                          <Flex justify="between" align="center" gap="3" wrap="wrap">
                            <Flex direction="column">
                              <Text weight="medium">{c.claim}</Text>
                              <Text size="1" color="gray">
                                {CATEGORY_LABELS[c.category as ClaimCategory] ?? c.category}
                                {c.issuer ? ` · ${c.issuer}` : ''}
                                {c.expires_on ? ` · expires ${c.expires_on}` : ''}
                              </Text>
                            </Flex>
                            <Flex gap="2" align="center">
                              <Badge
                                tone={
                                  c.review_status === 'approved'
                                    ? 'success'
                                    : c.review_status === 'rejected'
                                      ? 'danger'
                                      : 'warning'
                                }
                              >
                                {valueLabel(c.review_status)}
                              </Badge>
                              <Button
                                size="sm"
                                variant="ghost"
                                aria-label={`Remove claim: ${c.claim}`}
                                loading={removeClaim.isPending && removeClaim.variables.id === c.id}
                                onClick={(event) => removeClaimInPlace(c, event.currentTarget)}
                              >
                                Remove
                              </Button>
                            </Flex>
                          </Flex>
                        </Card>
                      </li>
                    ))}
                  </ul>
                </Flex>
              ) : null}
              <form
                aria-label="Add a claim"
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  submitClaim(event.currentTarget);
                }}
              >
                <Flex direction="column" gap="3">
                  <Field
                    label="Claim"
                    required
                    description="e.g. “All shipping boxes are 100 % recycled cardboard”"
                    error={claimError('claim')}
                  >
                    <TextInput
                      ref={claimInputRef}
                      value={claim.claim}
                      maxLength={500}
                      onChange={(e) => setClaim({ ...claim, claim: e.target.value })}
                    />
                  </Field>
                  <Grid columns={{ initial: '1', sm: '2' }} gap="3">
                    <Field label="Category">
                      <NativeSelect
                        value={claim.category}
                        onChange={(event) =>
                          setClaim({ ...claim, category: event.target.value as ClaimCategory })
                        }
                        options={CLAIM_CATEGORIES.map((c) => ({
                          value: c,
                          label: CATEGORY_LABELS[c],
                        }))}
                      />
                    </Field>
                    <Field
                      label="Issuer"
                      description="Who issued the evidence"
                      error={claimError('issuer')}
                    >
                      <TextInput
                        value={claim.issuer}
                        maxLength={200}
                        onChange={(e) => setClaim({ ...claim, issuer: e.target.value })}
                      />
                    </Field>
                    <Field
                      label="Evidence link"
                      description="A public certificate or report, such as example.com/audit.pdf"
                      error={claimError('evidence_url')}
                    >
                      <TextInput
                        type="url"
                        value={claim.evidence_url}
                        onChange={(e) => setClaim({ ...claim, evidence_url: e.target.value })}
                      />
                    </Field>
                    <Field
                      label="Evidence document"
                      description="PDF, PNG, JPEG or WebP, up to 10 MB"
                      error={claimError('evidence_document')}
                    >
                      <EvidenceFileInput
                        key={fileKey}
                        accept={EVIDENCE_TYPES.join(',')}
                        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                      />
                    </Field>
                    <Field label="Issued on" error={claimError('issued_on')}>
                      <TextInput
                        type="date"
                        value={claim.issued_on}
                        onChange={(e) => setClaim({ ...claim, issued_on: e.target.value })}
                      />
                    </Field>
                    <Field label="Expires on" error={claimError('expires_on')}>
                      <TextInput
                        type="date"
                        value={claim.expires_on}
                        onChange={(e) => setClaim({ ...claim, expires_on: e.target.value })}
                      />
                    </Field>
                  </Grid>
                  <Field
                    label="Scope"
                    description="Which products, sites or years the evidence covers"
                    error={claimError('scope')}
                  >
                    <TextInput
                      value={claim.scope}
                      maxLength={1000}
                      onChange={(e) => setClaim({ ...claim, scope: e.target.value })}
                    />
                  </Field>
                  {addClaim.isError && !claimServerField ? (
                    <ErrorCard
                      ref={claimErrorRef}
                      tabIndex={-1}
                      title="Claim not added"
                      message={errorMessage(addClaim.error)}
                    />
                  ) : null}
                  {holdMessage ? (
                    <Text as="p" size="2" color="red" role="alert">
                      {holdMessage}
                    </Text>
                  ) : null}
                  <Flex gap="3" wrap="wrap">
                    <Button
                      type="submit"
                      variant="secondary"
                      loading={addClaim.isPending && !addClaim.variables.continuing}
                    >
                      Add claim
                    </Button>
                    {started ? (
                      <Button type="button" variant="ghost" onClick={clearClaim}>
                        Clear claim
                      </Button>
                    ) : null}
                    <Button
                      type="button"
                      loading={addClaim.isPending && addClaim.variables.continuing}
                      onClick={(event) => continueFromClaims(event.currentTarget.form)}
                    >
                      Continue
                    </Button>
                  </Flex>
                </Flex>
              </form>
            </Flex>
          ) : null}

          {current.id === 'payouts' ? (
            <Flex direction="column" gap="3">
              <Badge tone="info">Not needed yet</Badge>
              <Text as="p">
                Verdant does not pay out to merchants yet: shoppers pay you through checkout, and
                Verdant collects the affiliate commissions and platform fee from each order’s split.
                When merchant payouts arrive, this step will ask for your bank details.
              </Text>
              {saveStep.isError ? (
                <ErrorCard title="Not saved" message={errorMessage(saveStep.error)} />
              ) : null}
              <div>
                <Button
                  loading={saveStep.isPending}
                  onClick={() => saveStep.mutate({ index: step, values: form })}
                >
                  Continue
                </Button>
              </div>
            </Flex>
          ) : null}

          {current.id === 'review' ? (
            <Flex direction="column" gap="3">
              {/* The values column may shrink below its longest word (a company name of 200
                  letters, a long address): such words break, inside the card. */}
              <Grid columns="auto minmax(0, 1fr)" gapX="4" gapY="2" asChild>
                <dl style={{ margin: 0, overflowWrap: 'anywhere' }}>
                  <dt style={{ fontWeight: 500 }}>Company</dt>
                  <dd style={{ margin: 0 }}>{company.data?.company_name}</dd>
                  <dt style={{ fontWeight: 500 }}>Website</dt>
                  <dd style={{ margin: 0 }}>{company.data?.website || 'Not given'}</dd>
                  <dt style={{ fontWeight: 500 }}>Description</dt>
                  <dd style={{ margin: 0 }}>{company.data?.description}</dd>
                  <dt style={{ fontWeight: 500 }}>Statement</dt>
                  <dd style={{ margin: 0 }}>
                    {company.data?.sustainability_statement || 'Not written yet'}
                  </dd>
                  <dt style={{ fontWeight: 500 }}>Claims</dt>
                  <dd style={{ margin: 0 }}>{claimsSummary(claimList)}</dd>
                  {finished ? (
                    <>
                      <dt style={{ fontWeight: 500 }}>Approval</dt>
                      <dd style={{ margin: 0 }}>
                        <Flex gap="2" align="center" wrap="wrap">
                          <Badge tone={approval.tone}>
                            {valueLabel(company.data?.approval_status ?? 'pending')}
                          </Badge>
                          <Text>{approval.text}</Text>
                        </Flex>
                      </dd>
                    </>
                  ) : null}
                </dl>
              </Grid>
              {finished ? (
                <div>
                  <Button asChild>
                    <Link to="/dashboard-vendor">Go to your dashboard</Link>
                  </Button>
                </div>
              ) : (
                <>
                  <Text as="p" color="gray">
                    Finishing sends your company to the administrators for approval. You can add
                    products and set up your program while you wait.
                  </Text>
                  {finish.isError ? (
                    <ErrorCard
                      title="Onboarding not finished"
                      message={errorMessage(finish.error)}
                    />
                  ) : null}
                  <div>
                    <Button loading={finish.isPending} onClick={() => finish.mutate()}>
                      Finish onboarding
                    </Button>
                  </div>
                </>
              )}
            </Flex>
          ) : null}
        </Flex>
      </Card>
    </Flex>
  );
}

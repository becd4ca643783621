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
} from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '../lib/api.ts';
import { valueLabel } from '../lib/labels.ts';
import { errorMessage } from './vendor-format.ts';

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
    text: 'Not approved. Update your details or claims and contact us to be reviewed again.',
  },
  suspended: { tone: 'danger', text: 'Suspended. Contact us to find out what to change.' },
};

/** The resumable merchant onboarding (/vendor-onboarding). */
export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const company = useQuery({
    queryKey: ['merchant', 'company'],
    queryFn: () => api.merchants.getMine(),
  });
  const claims = useQuery({
    queryKey: ['merchant', 'claims'],
    queryFn: () => api.merchants.listMyClaims(),
  });
  const [chosenStep, setStep] = useState<number | null>(null);
  const [editedForm, setForm] = useState<{
    company_name: string;
    website: string;
    description: string;
    statement: string;
  } | null>(null);
  const [claim, setClaim] = useState({
    claim: '',
    category: 'packaging' as ClaimCategory,
    evidence_url: '',
    issuer: '',
    scope: '',
    issued_on: '',
    expires_on: '',
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);

  const loaded = company.isSuccess && claims.isSuccess;
  // Resumes at the first step whose data is missing; the form starts from what was saved.
  const step = chosenStep ?? (loaded ? resumeStep(company.data, claims.data) : null);
  const form = editedForm ?? {
    company_name: company.data?.company_name ?? '',
    website: company.data?.website ?? '',
    description: company.data?.description ?? '',
    statement: company.data?.sustainability_statement ?? '',
  };

  // A finished onboarding stays finished while its details are edited.
  const finished = company.data?.onboarding_step === 'complete';
  const saveStep = useMutation({
    mutationFn: async (index: number) => {
      switch (STEPS[index]!.id) {
        case 'company':
          return api.merchants.saveCompany({ company_name: form.company_name });
        case 'website':
          return api.merchants.saveCompany({ website: form.website.trim() });
        case 'description':
          return api.merchants.saveCompany({ description: form.description });
        case 'statement':
          return api.merchants.saveCompany({
            sustainability_statement: form.statement,
            ...(finished ? {} : { onboarding_step: 'sustainability' as const }),
          });
        case 'payouts':
          return finished ? null : api.merchants.saveCompany({ onboarding_step: 'payouts' });
        default:
          return null;
      }
    },
    onSuccess: async (_saved, index) => {
      await queryClient.invalidateQueries({ queryKey: ['merchant', 'company'] });
      setStep(index + 1);
    },
  });

  const addClaim = useMutation({
    mutationFn: async () => {
      const evidence_document = file ? await api.merchants.uploadEvidence(file, file.name) : null;
      return api.merchants.addClaim({
        ...claim,
        evidence_url: claim.evidence_url.trim() || null,
        evidence_document,
        issuer: claim.issuer || null,
        scope: claim.scope || null,
        issued_on: claim.issued_on || null,
        expires_on: claim.expires_on || null,
      });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['merchant', 'claims'] });
      setClaim((c) => ({
        ...c,
        claim: '',
        evidence_url: '',
        issuer: '',
        scope: '',
        issued_on: '',
        expires_on: '',
      }));
      setFile(null);
      setFileKey((k) => k + 1);
      toast({ title: 'Claim added', description: 'An administrator will review the evidence.' });
    },
  });

  const removeClaim = useMutation({
    mutationFn: (id: string) => api.merchants.removeClaim(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['merchant', 'claims'] }),
  });

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
  const next = (event: FormEvent) => {
    event.preventDefault();
    saveStep.mutate(step);
  };
  const claimList = claims.data ?? [];

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
      <Stepper
        steps={STEPS}
        current={step}
        onStepClick={(index) => setStep(index)}
        aria-label="Onboarding steps"
      />
      <Card size="lg">
        <Flex direction="column" gap="4">
          <Heading as="h2" size="5">
            Step {step + 1} of {STEPS.length}: {current.label}
          </Heading>

          {current.id === 'company' ||
          current.id === 'website' ||
          current.id === 'description' ||
          current.id === 'statement' ? (
            <form onSubmit={next} aria-label={current.label}>
              <Flex direction="column" gap="4">
                {current.id === 'company' ? (
                  <Field
                    label="Company name"
                    required
                    description="As it should appear to affiliates and shoppers."
                  >
                    <TextInput
                      value={form.company_name}
                      maxLength={200}
                      autoComplete="organization"
                      onChange={(e) => setForm({ ...form, company_name: e.target.value })}
                    />
                  </Field>
                ) : null}
                {current.id === 'website' ? (
                  <Field label="Website" required description="Starting with https://">
                    <TextInput
                      type="url"
                      value={form.website}
                      autoComplete="url"
                      onChange={(e) => setForm({ ...form, website: e.target.value })}
                    />
                  </Field>
                ) : null}
                {current.id === 'description' ? (
                  <Field
                    label="What your company makes"
                    required
                    description="Two or three sentences for affiliates."
                  >
                    <Textarea
                      value={form.description}
                      rows={4}
                      maxLength={4000}
                      onChange={(e) => setForm({ ...form, description: e.target.value })}
                    />
                  </Field>
                ) : null}
                {current.id === 'statement' ? (
                  <Field
                    label="Sustainability statement"
                    required
                    description="What you do differently, in concrete terms (at least 20 characters). Specific claims get their evidence in the next step."
                  >
                    <Textarea
                      value={form.statement}
                      rows={5}
                      maxLength={4000}
                      showCount
                      onChange={(e) => setForm({ ...form, statement: e.target.value })}
                    />
                  </Field>
                ) : null}
                {saveStep.isError ? (
                  <ErrorCard title="Not saved" message={errorMessage(saveStep.error)} />
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
                                onClick={() => removeClaim.mutate(c.id)}
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
                onSubmit={(event) => {
                  event.preventDefault();
                  addClaim.mutate();
                }}
              >
                <Flex direction="column" gap="3">
                  <Field
                    label="Claim"
                    required
                    description="e.g. “All shipping boxes are 100 % recycled cardboard”"
                  >
                    <TextInput
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
                    <Field label="Issuer" description="Who issued the evidence">
                      <TextInput
                        value={claim.issuer}
                        maxLength={200}
                        onChange={(e) => setClaim({ ...claim, issuer: e.target.value })}
                      />
                    </Field>
                    <Field label="Evidence link">
                      <TextInput
                        type="url"
                        value={claim.evidence_url}
                        onChange={(e) => setClaim({ ...claim, evidence_url: e.target.value })}
                      />
                    </Field>
                    <Field
                      label="Evidence document"
                      controlId="claim-evidence-file"
                      description="PDF, PNG, JPEG or WebP, up to 10 MB"
                    >
                      <input
                        id="claim-evidence-file"
                        key={fileKey}
                        type="file"
                        accept={EVIDENCE_TYPES.join(',')}
                        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                      />
                    </Field>
                    <Field label="Issued on">
                      <TextInput
                        type="date"
                        value={claim.issued_on}
                        onChange={(e) => setClaim({ ...claim, issued_on: e.target.value })}
                      />
                    </Field>
                    <Field label="Expires on">
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
                  >
                    <TextInput
                      value={claim.scope}
                      maxLength={1000}
                      onChange={(e) => setClaim({ ...claim, scope: e.target.value })}
                    />
                  </Field>
                  {addClaim.isError ? (
                    <ErrorCard title="Claim not added" message={errorMessage(addClaim.error)} />
                  ) : null}
                  <Flex gap="3" wrap="wrap">
                    <Button type="submit" variant="secondary" loading={addClaim.isPending}>
                      Add claim
                    </Button>
                    <Button
                      type="button"
                      disabled={claimList.length === 0}
                      onClick={() => setStep(step + 1)}
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
                <Button loading={saveStep.isPending} onClick={() => saveStep.mutate(step)}>
                  Continue
                </Button>
              </div>
            </Flex>
          ) : null}

          {current.id === 'review' ? (
            <Flex direction="column" gap="3">
              <Grid columns="auto 1fr" gapX="4" gapY="2" asChild>
                <dl style={{ margin: 0 }}>
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

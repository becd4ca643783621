import { Flex, Grid, Text } from '@radix-ui/themes';
import type { AffiliateProgram, ProgramStatus } from '@verdant/api-client';
import {
  Button,
  Card,
  ConfirmDialog,
  ErrorCard,
  Field,
  NativeSelect,
  PageHeader,
  Skeleton,
  Switch,
  TextInput,
  Textarea,
  toast,
} from '@verdant/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROGRAM_TERMS_MESSAGES,
  parseWholeNumber,
  validateProgramTermsDraft,
} from '@verdant/validation';
import { useRef, useState, type FormEvent } from 'react';
import { UpgradeCard, atPlanLimit, usePlan } from '../app/plan.tsx';
import { api } from '../lib/api.ts';
import { useConfirmLeave } from '../lib/confirm-leave.ts';
import { errorField, upstreamCode } from '../lib/error-message.ts';
import { useFocusFirstInvalid } from '../lib/focus-invalid.ts';
import { errorMessage } from './vendor-format.ts';

interface Draft {
  name: string;
  description: string;
  commissionType: 'percent' | 'flat';
  /** Percent as typed, e.g. "10" or "7.5". */
  rate: string;
  /** Flat amount in dollars as typed, e.g. "4.50". */
  flat: string;
  cookieWindow: string;
  holdingDays: string;
  autoApprove: boolean;
  status: ProgramStatus;
}

const EMPTY: Draft = {
  name: '',
  description: '',
  commissionType: 'percent',
  rate: '10',
  flat: '',
  cookieWindow: '30',
  holdingDays: '30',
  autoApprove: false,
  status: 'active',
};

/** The draft field of each column the API client's checks and the database's name. */
const SERVER_FIELDS: Readonly<Record<string, keyof Draft>> = {
  name: 'name',
  description: 'description',
  commission_rate_bps: 'rate',
  commission_flat_cents: 'flat',
  cookie_window_days: 'cookieWindow',
  holding_days: 'holdingDays',
};

/**
 * The field a failed save concerns, and what to tell there: the API client's check names its
 * column, the database's check its constraint ("affiliate_programs_commission_flat_cents_max").
 * Told in the form's own words for that field (never "Commission flat cents must be a whole
 * number …"); undefined for an error of no field, which the form's error card tells.
 */
function serverFieldError(error: unknown): { field: keyof Draft; message: string } | undefined {
  let field = SERVER_FIELDS[errorField(error) ?? ''];
  if (!field && upstreamCode(error) === '23514' && error instanceof Error) {
    const constraint = /\baffiliate_programs_(\w+?)_(?:check|max)\b/.exec(error.message)?.[1];
    field = SERVER_FIELDS[constraint ?? ''];
  }
  if (!field) return undefined;
  const words = PROGRAM_TERMS_MESSAGES[field as keyof typeof PROGRAM_TERMS_MESSAGES];
  return { field, message: words ?? errorMessage(error) };
}

/** Whether two drafts hold the same terms. */
const sameDraft = (a: Draft, b: Draft) =>
  (Object.keys(a) as (keyof Draft)[]).every((key) => a[key] === b[key]);

function toDraft(p: AffiliateProgram): Draft {
  return {
    name: p.name,
    description: p.description ?? '',
    commissionType: p.commission_type as 'percent' | 'flat',
    rate: p.commission_rate_bps === null ? '' : String(p.commission_rate_bps / 100),
    flat: p.commission_flat_cents === null ? '' : (p.commission_flat_cents / 100).toFixed(2),
    cookieWindow: String(p.cookie_window_days),
    holdingDays: String(p.holding_days),
    autoApprove: p.auto_approve,
    status: p.status as ProgramStatus,
  };
}

/** Program settings (/vendor/settings): commission, cookie window, holding days, auto-approve. */
export function Component() {
  const queryClient = useQueryClient();
  const programs = useQuery({
    queryKey: ['vendor', 'programs'],
    queryFn: () => api.programs.listMine({ pageSize: 100 }),
  });
  const [chosen, setSelected] = useState<string | null>(null);
  const rows = programs.data?.rows ?? [];
  const { limits } = usePlan();
  // The plan gate (the database enforces the same limit): no new program beyond it.
  const atLimit = atPlanLimit(limits.affiliate_programs, programs.data?.total);
  const selected = chosen ?? rows[0]?.id ?? 'new';
  const current = rows.find((p) => p.id === selected) ?? null;
  // Edits belong to the program they were made on; choosing another program starts from its values.
  const [edits, setEdits] = useState<{ key: string; draft: Draft; touched: boolean } | null>(null);
  const key = current ? `${current.id}:${current.updated_at}` : 'new';
  const mine = edits?.key === key ? edits : null;
  const saved = current ? toDraft(current) : EMPTY;
  const draft = mine?.draft ?? saved;
  const touched = mine?.touched ?? false;
  const setDraft = (update: (d: Draft) => Draft) =>
    setEdits({ key, draft: update(draft), touched });
  const setTouched = (value: boolean) => setEdits({ key, draft, touched: value });

  const errors: Partial<Record<keyof Draft, string>> = validateProgramTermsDraft(draft);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));

  const save = useMutation({
    // The terms as sent: a field's refusal is told at it while it still holds what was sent.
    mutationFn: async (sent: Draft) => {
      const commission =
        sent.commissionType === 'percent'
          ? {
              commission_type: 'percent' as const,
              commission_rate_bps: Math.round(Number(sent.rate) * 100),
            }
          : {
              commission_type: 'flat' as const,
              commission_flat_cents: Math.round(Number(sent.flat) * 100),
            };
      const common = {
        name: sent.name.trim(),
        description: sent.description.trim() || null,
        cookie_window_days: parseWholeNumber(sent.cookieWindow),
        holding_days: parseWholeNumber(sent.holdingDays),
        auto_approve: sent.autoApprove,
        status: sent.status,
      };
      if (!current) return api.programs.create({ ...common, ...commission });
      const commissionChanged =
        current.commission_type !== commission.commission_type ||
        (commission.commission_type === 'percent'
          ? current.commission_rate_bps !== commission.commission_rate_bps
          : current.commission_flat_cents !== commission.commission_flat_cents);
      const updated = await api.programs.update(current.id, common);
      return commissionChanged ? api.programs.setCommission(current.id, commission) : updated;
    },
    onSuccess: async (program) => {
      await queryClient.invalidateQueries({ queryKey: ['vendor'] });
      setSelected(program.id);
      setPicked(null);
      toast({ title: 'Program saved', description: `${program.name} is ${program.status}.` });
    },
  });

  // A check the server failed on is told at its field, in the form's words, until that field is
  // changed; any other failure in the card above the Save button.
  const refused = save.isError ? serverFieldError(save.error) : undefined;
  const serverError = (key: keyof Draft) =>
    refused?.field === key && save.variables?.[key] === draft[key] ? refused.message : undefined;
  const show = (key: keyof Draft) => (touched ? errors[key] : undefined) ?? serverError(key);
  const saveErrorRef = useRef<HTMLDivElement>(null);

  // Unsaved edits are not thrown away without asking: neither by leaving the page nor by choosing
  // another program.
  const dirty = !sameDraft(draft, saved) && !save.isPending;
  const unsaved = `Your changes to ${current ? current.name : 'the new program'} are not saved.`;
  useConfirmLeave(dirty, unsaved);
  // Choosing in the picker only stages a program (arrowing through the options must not act,
  // WCAG 3.2.2); "Switch program" opens it, asking first when edits would be lost.
  const [picked, setPicked] = useState<string | null>(null);
  const staged = picked !== null && picked !== selected ? picked : null;
  const [asking, setAsking] = useState<{ id: string; label: string } | null>(null);
  const pickerRef = useRef<HTMLSelectElement>(null);
  const switchTo = (id: string) => {
    setEdits(null);
    save.reset();
    setSelected(id);
    setPicked(null);
  };
  const programOptions = [
    ...rows.map((p) => ({ value: p.id, label: p.name })),
    ...(atLimit ? [] : [{ value: 'new', label: 'New program…' }]),
  ];
  const stagedLabel = programOptions.find((o) => o.value === staged)?.label ?? '';
  const requestSwitch = () => {
    if (staged === null) return;
    if (dirty) {
      setAsking({ id: staged, label: stagedLabel });
      return;
    }
    switchTo(staged);
    // The "Switch program" button goes: the picker, showing the program now open, takes the focus.
    pickerRef.current?.focus();
  };

  const focusFirstInvalid = useFocusFirstInvalid();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) {
      focusFirstInvalid(event.currentTarget);
      return;
    }
    const form = event.currentTarget;
    // A refusal moves the focus to the field it concerns, else to the card that tells it.
    save.mutate(draft, { onError: () => focusFirstInvalid(form, saveErrorRef) });
  };

  return (
    <Flex direction="column" gap="5" py="5" maxWidth="760px">
      <title>Program settings — Verdant</title>
      <PageHeader
        title="Program settings"
        description="What affiliates earn, how long a click counts, and when commissions are approved."
      />
      {programs.isError ? (
        <ErrorCard message={errorMessage(programs.error)} onRetry={() => void programs.refetch()} />
      ) : programs.isPending ? (
        <Skeleton height="320px" />
      ) : (
        <Card size="lg">
          <form onSubmit={onSubmit} noValidate aria-label="Program settings">
            <Flex direction="column" gap="4">
              <Flex gap="2" align="end" wrap="wrap">
                <Field label="Program" style={{ flex: '1 1 260px' }}>
                  <NativeSelect
                    ref={pickerRef}
                    value={staged ?? selected}
                    onChange={(event) => setPicked(event.target.value)}
                    options={programOptions}
                  />
                </Field>
                {staged !== null ? (
                  <Button
                    type="button"
                    variant="secondary"
                    aria-label={`Switch program to ${stagedLabel}`}
                    onClick={requestSwitch}
                  >
                    Switch program
                  </Button>
                ) : null}
              </Flex>
              <Field label="Name" required error={show('name')}>
                <TextInput
                  value={draft.name}
                  maxLength={200}
                  onChange={(e) => set('name', e.target.value)}
                />
              </Field>
              <Field
                label="Description"
                description="What affiliates should know about your products."
                error={show('description')}
              >
                <Textarea
                  value={draft.description}
                  rows={3}
                  maxLength={4000}
                  onChange={(e) => set('description', e.target.value)}
                />
              </Field>
              <Grid columns={{ initial: '1', sm: '2' }} gap="4">
                <Field label="Commission type">
                  <NativeSelect
                    value={draft.commissionType}
                    onChange={(event) =>
                      set('commissionType', event.target.value as Draft['commissionType'])
                    }
                    options={[
                      { value: 'percent', label: 'Percentage of the order' },
                      { value: 'flat', label: 'Flat amount per item sold' },
                    ]}
                  />
                </Field>
                {draft.commissionType === 'percent' ? (
                  <Field label="Commission rate (%)" required error={show('rate')}>
                    <TextInput
                      inputMode="decimal"
                      value={draft.rate}
                      onChange={(e) => set('rate', e.target.value)}
                    />
                  </Field>
                ) : (
                  <Field
                    label="Commission per item sold (USD)"
                    required
                    description="Paid for each item sold, from $0.01 up to $10,000.00."
                    error={show('flat')}
                  >
                    <TextInput
                      inputMode="decimal"
                      value={draft.flat}
                      onChange={(e) => set('flat', e.target.value)}
                    />
                  </Field>
                )}
                <Field
                  label="Cookie window (days)"
                  required
                  description="How long after a click a purchase is credited (1–365)."
                  error={show('cookieWindow')}
                >
                  <TextInput
                    inputMode="numeric"
                    value={draft.cookieWindow}
                    onChange={(e) => set('cookieWindow', e.target.value)}
                  />
                </Field>
                <Field
                  label="Holding period (days)"
                  required
                  description="Days after payment before a commission is approved (0–180)."
                  error={show('holdingDays')}
                >
                  <TextInput
                    inputMode="numeric"
                    value={draft.holdingDays}
                    onChange={(e) => set('holdingDays', e.target.value)}
                  />
                </Field>
                <Field label="Status">
                  <NativeSelect
                    value={draft.status}
                    onChange={(event) => set('status', event.target.value as ProgramStatus)}
                    options={[
                      { value: 'draft', label: 'Draft (hidden)' },
                      { value: 'active', label: 'Active' },
                      { value: 'paused', label: 'Paused (no new applicants)' },
                      { value: 'closed', label: 'Closed' },
                    ]}
                  />
                </Field>
              </Grid>
              <Switch
                label="Approve applicants automatically"
                description={
                  draft.autoApprove
                    ? 'On: applicants join at once. You can still remove a member on the affiliates page.'
                    : 'Off: you review every application on the affiliates page.'
                }
                checked={draft.autoApprove}
                onCheckedChange={(checked) => set('autoApprove', checked === true)}
              />
              {save.isError && !refused ? (
                <ErrorCard
                  ref={saveErrorRef}
                  tabIndex={-1}
                  title="Not saved"
                  message={errorMessage(save.error)}
                />
              ) : null}
              <Flex gap="3" align="center">
                <Button type="submit" loading={save.isPending}>
                  {current ? 'Save changes' : 'Create program'}
                </Button>
                {touched && Object.keys(errors).length > 0 ? (
                  <Text color="red" size="2" role="alert">
                    Check the highlighted fields.
                  </Text>
                ) : null}
              </Flex>
            </Flex>
          </form>
        </Card>
      )}
      {asking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (open) return;
            setAsking(null);
            // Cancelled, the picker shows the open program again (confirmed, the one switched to).
            setPicked(null);
          }}
          title="Switch to another program?"
          description={`${unsaved} ${asking.label} opens with its own values and your changes are lost.`}
          confirmLabel="Switch and discard changes"
          onConfirm={() => switchTo(asking.id)}
          // Back to the picker either way: it shows the program open now.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            pickerRef.current?.focus();
          }}
        />
      ) : null}
      {atLimit ? (
        <UpgradeCard
          tier="business"
          title="Merchant Starter includes one affiliate program"
          description="Merchant Growth unlocks more programs. Your program keeps running, and you can change its terms here at any time."
        />
      ) : null}
    </Flex>
  );
}

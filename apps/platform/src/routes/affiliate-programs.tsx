import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogProgram } from '@verdant/api-client';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorCard,
  Field,
  NativeSelect,
  PageHeader,
  Skeleton,
  Switch,
  TextInput,
  toast,
} from '@verdant/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigationType, useSearchParams } from 'react-router';
import { api } from '../lib/api.ts';
import { valueLabel } from '../lib/labels.ts';
import { errorMessage, formatMoney } from './vendor-format.ts';

const STATUS_TONE = {
  approved: 'success',
  pending: 'warning',
  rejected: 'danger',
  removed: 'neutral',
} as const;

function commission(p: CatalogProgram): string {
  return p.commission_type === 'percent'
    ? `${((p.commission_rate_bps ?? 0) / 100).toFixed(p.commission_rate_bps! % 100 ? 1 : 0)} % of each sale`
    : `${formatMoney(p.commission_flat_cents ?? 0, p.currency)} per item sold`;
}

function ProgramCard({ program }: { program: CatalogProgram }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // After joining or applying, the button gives way to a link or a note: the focus follows, so a
  // keyboard user is not dropped to the top of the page.
  const focusOutcome = useRef(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const status = program.membership?.status;
  useEffect(() => {
    if (!focusOutcome.current || !status) return;
    focusOutcome.current = false;
    const box = outcomeRef.current;
    (box?.querySelector<HTMLElement>('a, button') ?? box)?.focus();
  }, [status]);
  const apply = async () => {
    setBusy(true);
    try {
      const membership = await api.memberships.apply(program.id);
      toast({
        title: membership.status === 'approved' ? `You joined ${program.name}` : 'Application sent',
        description:
          membership.status === 'approved'
            ? 'Create a tracked link to start earning.'
            : `${program.merchant.company_name} will review it.`,
      });
      focusOutcome.current = true;
      await queryClient.invalidateQueries({ queryKey: ['affiliate', 'catalog'] });
    } catch (caught) {
      focusOutcome.current = false;
      toast({
        variant: 'destructive',
        title: 'Could not apply',
        description: errorMessage(caught),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="lg" asChild>
      <article aria-labelledby={`program-${program.id}`}>
        <Flex direction="column" gap="3" height="100%">
          <Flex justify="between" align="start" gap="3">
            <Box>
              <Heading as="h2" size="4" id={`program-${program.id}`}>
                {program.name}
              </Heading>
              <Text size="2" color="gray">
                by {program.merchant.company_name}
              </Text>
            </Box>
            {status ? <Badge tone={STATUS_TONE[status]}>{valueLabel(status)}</Badge> : null}
          </Flex>
          {program.description ? (
            <Text as="p" size="2" color="gray">
              {program.description}
            </Text>
          ) : null}
          <Flex gap="2" wrap="wrap">
            <Badge tone="brand">{commission(program)}</Badge>
            <Badge>{program.cookie_window_days}-day cookie</Badge>
            <Badge>paid after {program.holding_days} days</Badge>
          </Flex>
          {program.categories.length > 0 ? (
            <Text size="1" color="gray">
              Categories: {program.categories.map(valueLabel).join(', ')}
            </Text>
          ) : null}
          {program.claims.length > 0 ? (
            <Flex direction="column" gap="1">
              <Text size="2" weight="medium">
                Verified claims
              </Text>
              {program.claims.map((claim) => (
                <Text key={claim.id} size="2">
                  ✓ {claim.claim}
                  {claim.issuer ? <Text color="gray"> · {claim.issuer}</Text> : null}
                </Text>
              ))}
            </Flex>
          ) : (
            <Text size="1" color="gray">
              No verified claims yet.
            </Text>
          )}
          <Box mt="auto" pt="2" ref={outcomeRef} tabIndex={-1}>
            {status === 'approved' ? (
              <Button asChild variant="outline">
                <Link to={`/affiliate-links?program=${program.id}`}>Create a link</Link>
              </Button>
            ) : status === 'pending' ? (
              <Text size="2" color="gray">
                Waiting for the merchant’s decision.
              </Text>
            ) : status === 'rejected' || status === 'removed' ? (
              <Text size="2" color="gray">
                {status === 'rejected'
                  ? 'This merchant declined your application. They can still approve it later.'
                  : 'This merchant ended your membership. They can take you back into the program.'}
              </Text>
            ) : (
              // Every card has this button: its name says which program it joins, the visible
              // words first (so a spoken "Apply" or "Join program" still finds it).
              <Button
                onClick={() => void apply()}
                loading={busy}
                aria-label={
                  program.auto_approve
                    ? `Join program: ${program.name}`
                    : `Apply to ${program.name}`
                }
              >
                {program.auto_approve ? 'Join program' : 'Apply'}
              </Button>
            )}
          </Box>
        </Flex>
      </article>
    </Card>
  );
}

/**
 * What the list shows when no program is left: it names the filters that are on (only those, so
 * the hint never points at one that is off) and clears them in one step.
 */
function NoMatch({
  query,
  category,
  verifiedOnly,
  onClear,
}: {
  query: string;
  category: string | null;
  verifiedOnly: boolean;
  onClear: () => void;
}) {
  const active = [
    query ? `the search “${query}”` : null,
    category ? `the category ${valueLabel(category)}` : null,
    verifiedOnly ? '“Verified claims only”' : null,
  ].filter((part): part is string => part !== null);
  if (active.length === 0)
    return (
      <EmptyState
        bordered
        headingLevel={2}
        title="No programs yet"
        description="Merchants’ programs appear here once their sustainability claims are reviewed."
      />
    );
  const searchOnly = active.length === 1 && query !== '';
  return (
    <EmptyState
      bordered
      headingLevel={2}
      illustration="search"
      title="No programs match"
      description={
        searchOnly
          ? `No program, merchant or description contains “${query}”. Try other words.`
          : `No program matches ${new Intl.ListFormat('en', { type: 'conjunction' }).format(active)}.`
      }
      action={
        <Button variant="secondary" onClick={onClear}>
          {searchOnly ? 'Clear search' : active.length === 1 ? 'Clear filter' : 'Clear filters'}
        </Button>
      }
    />
  );
}

const ALL = 'all';

/**
 * /affiliate-programs: browse programs, filter by category and verified claims, apply or join.
 * The search, the category and the claims filter are in the address (?q=, ?category=,
 * ?verified=1), so a reload, Back from a program's links and a shared link keep them.
 */
export function Component() {
  const catalog = useQuery({
    queryKey: ['affiliate', 'catalog'],
    queryFn: () => api.affiliate.programCatalog(),
  });
  const [params, setParams] = useSearchParams();
  const navigationType = useNavigationType();
  const searchParam = params.get('q') ?? '';
  const categoryParam = params.get('category') ?? ALL;
  const verifiedOnly = params.get('verified') === '1';
  // The list follows the field as it is typed, not the address, which the router updates a moment
  // later. The field follows the address only when Back or Forward changes it.
  const [search, setSearch] = useState(searchParam);
  const [searchOf, setSearchOf] = useState(searchParam);
  if (searchOf !== searchParam) {
    setSearchOf(searchParam);
    if (navigationType === 'POP') setSearch(searchParam);
  }
  const searchRef = useRef<HTMLInputElement>(null);
  const programs = useMemo(() => catalog.data ?? [], [catalog.data]);
  const categories = useMemo(
    () => [...new Set(programs.flatMap((p) => p.categories))].sort(),
    [programs],
  );
  // A category no program has (an old bookmark) reads as all of them once the programs are known.
  const category = catalog.isSuccess && !categories.includes(categoryParam) ? ALL : categoryParam;
  /**
   * Writes the filters to the address. The search goes with every change as the field holds it, so
   * a change of another filter never brings back an older search. Typing and stepping through the
   * categories replace the current entry (Back leaves the page, not one letter); the claims switch
   * and clearing the filters are steps of their own.
   */
  const update = (
    changes: { q?: string; category?: string; verified?: boolean },
    { replace = false } = {},
  ) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const q = changes.q ?? search;
        const nextCategory = changes.category ?? category;
        const verified = changes.verified ?? verifiedOnly;
        if (q) next.set('q', q);
        else next.delete('q');
        if (nextCategory !== ALL) next.set('category', nextCategory);
        else next.delete('category');
        if (verified) next.set('verified', '1');
        else next.delete('verified');
        return next;
      },
      { replace, preventScrollReset: true },
    );
  const query = search.trim();
  const shown = programs.filter((p) => {
    const text = `${p.name} ${p.merchant.company_name} ${p.description ?? ''}`.toLowerCase();
    return (
      (query === '' || text.includes(query.toLowerCase())) &&
      (category === ALL || p.categories.includes(category)) &&
      (!verifiedOnly || p.claims.length > 0)
    );
  });

  return (
    <Flex direction="column" gap="5" py="5">
      <title>Affiliate programs — Verdant</title>
      <PageHeader
        title="Affiliate programs"
        description="Merchants whose sustainability claims were reviewed. Join a program to create tracked links."
      />
      <Grid columns={{ initial: '1', sm: '3' }} gap="3" align="end">
        <Field label="Search">
          <TextInput
            ref={searchRef}
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              update({ q: event.target.value }, { replace: true });
            }}
            placeholder="Merchant or program"
          />
        </Field>
        <Field label="Category">
          <NativeSelect
            value={category}
            onChange={(event) => update({ category: event.target.value }, { replace: true })}
            options={[
              { value: ALL, label: 'All categories' },
              ...categories.map((c) => ({ value: c, label: valueLabel(c) })),
            ]}
          />
        </Field>
        <Box pb="2">
          <Switch
            label="Verified claims only"
            checked={verifiedOnly}
            onCheckedChange={(checked) => update({ verified: checked })}
          />
        </Box>
      </Grid>
      {catalog.isError ? (
        <ErrorCard
          message={errorMessage(catalog.error, 'The programs did not load.')}
          onRetry={() => void catalog.refetch()}
        />
      ) : catalog.isPending ? (
        <Grid columns={{ initial: '1', md: '2', lg: '3' }} gap="4">
          {[1, 2, 3].map((n) => (
            <Skeleton key={n} height="260px" />
          ))}
        </Grid>
      ) : shown.length === 0 ? (
        <NoMatch
          query={query}
          category={category === ALL ? null : category}
          verifiedOnly={verifiedOnly}
          onClear={() => {
            setSearch('');
            update({ q: '', category: ALL, verified: false });
            // The button goes with the empty state; the search is where a new try starts.
            searchRef.current?.focus();
          }}
        />
      ) : (
        <Grid columns={{ initial: '1', md: '2', lg: '3' }} gap="4">
          {shown.map((program) => (
            <ProgramCard key={program.id} program={program} />
          ))}
        </Grid>
      )}
    </Flex>
  );
}

import { Box, Flex, Grid, Heading, Link as RadixLink, Text, Theme } from '@radix-ui/themes';
import { Badge, Button, Card, QRCode, StatCard, verdantThemeDefaults } from '@verdant/ui';
import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { siteUrl } from '../lib/api.ts';
import { FALLBACK_TERMS, usePageReady, useMarketingData, type MarketingData } from '../lib/data.ts';
import {
  days,
  formatBps,
  formatCommission,
  formatCount,
  formatDate,
  formatDateTime,
} from '../lib/format.ts';
import { PAPER, paperFrom, themeProps, usePrinting } from '../lib/print.ts';
import { AFFILIATE_DISCLOSURE, SHEETS, type SheetName } from '../lib/sheets.ts';

type Variant = 'screen' | 'print';

/** The typical terms: medians of the live programs, else the dated defaults. */
function terms(data: MarketingData) {
  const f = data.figures;
  return {
    commission: f?.median_commission_bps ?? null,
    cookie: f?.median_cookie_window_days ?? FALLBACK_TERMS.cookieWindowDays,
    holding: f?.median_holding_days ?? FALLBACK_TERMS.holdingDays,
  };
}

/** One line saying where the figures come from and when; the dates are marked volatile for tests. */
function sourceNote(data: MarketingData): ReactNode {
  if (data.state === 'loading') return 'Loading live figures…';
  if (data.state === 'live' && data.figures) {
    return (
      <>
        Live platform figures as of <span data-volatile>{formatDateTime(data.figures.as_of)}</span>.
      </>
    );
  }
  if (data.state === 'cached' && data.figures) {
    return (
      <>
        The platform could not be reached; these are the last live figures, from{' '}
        <span data-volatile>{formatDateTime(data.figures.as_of)}</span>.
      </>
    );
  }
  return (
    <>
      Live figures are unavailable (checked{' '}
      <span data-volatile>{formatDateTime(data.checkedAt)}</span>
      ). Terms shown are Verdant&rsquo;s standard program terms as of{' '}
      {formatDate(FALLBACK_TERMS.asOf)}.
    </>
  );
}

function HowItWorks({ data, variant }: { data: MarketingData; variant: Variant }) {
  const t = terms(data);
  const items = [
    {
      title: 'Commission',
      value: t.commission === null ? 'Set per program' : `${formatBps(t.commission)} typical`,
      body: 'A percentage of the order total or a flat amount per item sold, set by the merchant for each program. Owed only on paid orders.',
    },
    {
      title: 'Cookie window',
      value: `${days(t.cookie)} typical`,
      body: 'A sale counts for the affiliate whose link was clicked last within the window; the click also travels with the checkout, so it counts without cookies too.',
    },
    {
      title: 'Holding period',
      value: `${days(t.holding)} typical`,
      body: 'Commissions become payable this long after payment, so refunds are settled first. A refund after payout is deducted from the next one.',
    },
  ];
  return (
    <Box>
      <Heading as="h2" size={variant === 'print' ? '4' : '6'} mb="2">
        How commissions, cookie windows and holding periods work
      </Heading>
      <Grid columns={{ initial: '1', sm: '3' }} gap="3">
        {items.map((item) => (
          <Card key={item.title} size="sm" variant={variant === 'print' ? 'surface' : 'brand'}>
            <Text as="p" size="2" weight="bold">
              {item.title}
            </Text>
            <Text as="p" size={variant === 'print' ? '4' : '5'} weight="bold" color="teal">
              {item.value}
            </Text>
            <Text as="p" size="1" color="gray">
              {item.body}
            </Text>
          </Card>
        ))}
      </Grid>
    </Box>
  );
}

function Programs({ data, variant }: { data: MarketingData; variant: Variant }) {
  const programs = data.programs.slice(0, variant === 'print' ? 3 : 6);
  if (programs.length === 0) return null;
  return (
    <Box>
      <Heading as="h2" size={variant === 'print' ? '3' : '5'} mb="2">
        Programs open now
      </Heading>
      <Grid columns={{ initial: '1', sm: '3' }} gap="2">
        {programs.map((program) => (
          <Card key={program.program_id} size="sm">
            <Text as="p" size="2" weight="bold" truncate>
              {program.program_name}
            </Text>
            <Text as="p" size="1" color="gray" truncate>
              {program.merchant_name}
            </Text>
            <Text as="p" size="1" color="gray">
              {formatCommission(program)} · {days(program.cookie_window_days)} cookie ·{' '}
              {days(program.holding_days)} holding
            </Text>
          </Card>
        ))}
      </Grid>
    </Box>
  );
}

function Figures({ data, variant }: { data: MarketingData; variant: Variant }) {
  const f = data.figures;
  const loading = data.state === 'loading';
  const cards = [
    { label: 'Approved merchants', value: formatCount(f?.approved_merchants) },
    { label: 'Affiliates', value: formatCount(f?.affiliates) },
    { label: 'Active programs', value: formatCount(f?.active_programs) },
    { label: 'Verified claims', value: formatCount(f?.verified_claims) },
  ];
  return (
    <Box>
      <Heading as="h2" size={variant === 'print' ? '3' : '5'} mb="2">
        Verdant today
      </Heading>
      {data.state === 'offline' ? null : (
        <Grid columns={{ initial: '2', sm: '4' }} gap="2" mb="1">
          {cards.map((card) => (
            <StatCard key={card.label} label={card.label} value={card.value} loading={loading} />
          ))}
        </Grid>
      )}
      <Text as="p" size="1" color="gray" data-testid="figures-source" data-state={data.state}>
        {sourceNote(data)}
      </Text>
    </Box>
  );
}

function Signup({ name, variant }: { name: SheetName; variant: Variant }) {
  const sheet = SHEETS[name];
  const url = `${siteUrl()}${sheet.signupPath}`;
  return (
    <Flex gap="4" align="center">
      <QRCode
        value={url}
        size={variant === 'print' ? 120 : 144}
        frame={variant === 'print' ? 'plain' : 'framed'}
        label={`QR code: ${sheet.cta} at ${url}`}
        errorCorrection="Q"
      />
      <Box>
        <Text as="p" size={variant === 'print' ? '3' : '4'} weight="bold">
          {sheet.cta}
        </Text>
        <Text as="p" size="2" data-testid="signup-url">
          {variant === 'print' ? (
            url
          ) : (
            <RadixLink href={sheet.signupPath} underline="always">
              {url}
            </RadixLink>
          )}
        </Text>
      </Box>
    </Flex>
  );
}

function Points({ name, variant }: { name: SheetName; variant: Variant }) {
  return (
    <Grid columns={{ initial: '1', sm: '3' }} gap="3">
      {SHEETS[name].points.map((point) => (
        <Box key={point.title}>
          <Text as="p" size="2" weight="bold" mb="1">
            {point.title}
          </Text>
          <Text as="p" size={variant === 'print' ? '1' : '2'} color="gray">
            {point.body}
          </Text>
        </Box>
      ))}
    </Grid>
  );
}

/** The screen version: dark, with links to the print version, the PDFs and sign-up. */
export function OneSheetScreen({ name }: { name: SheetName }) {
  const data = useMarketingData();
  const printing = usePrinting();
  usePageReady(data.state !== 'loading');
  const sheet = SHEETS[name];
  return (
    <Theme {...themeProps(printing)}>
      <title>{`One-sheet for ${sheet.audience.toLowerCase()} — Verdant`}</title>
      <Box asChild px={{ initial: '4', md: '6' }} py="3" data-print-hide>
        <nav aria-label="One-sheets">
          <Flex gap="3" align="center" wrap="wrap" justify="between">
            <Text weight="bold" size="4">
              Verdant
            </Text>
            <Flex gap="2" wrap="wrap">
              <Button asChild variant="outline" size="sm">
                <Link to="/one-sheet">All one-sheets</Link>
              </Button>
              <Button asChild variant="secondary" size="sm">
                <Link to={`/${name}/print`}>Print version</Link>
              </Button>
              <Button asChild variant="primary" size="sm">
                <a href={`/one-sheet/pdf/${name}.pdf`} download>
                  Download PDF
                </a>
              </Button>
            </Flex>
          </Flex>
        </nav>
      </Box>
      <Box
        asChild
        px={{ initial: '4', md: '6' }}
        pb="8"
        style={{ maxWidth: 1120, margin: '0 auto' }}
      >
        <main>
          <Flex direction="column" gap="6">
            <Box>
              <Badge tone="success">{sheet.audience}</Badge>
              <Heading as="h1" size={{ initial: '7', md: '9' }} mt="3" mb="3">
                {sheet.headline}
              </Heading>
              <Text as="p" size="4" color="gray" style={{ maxWidth: 760 }}>
                {sheet.lead}
              </Text>
            </Box>
            <Points name={name} variant="screen" />
            <HowItWorks data={data} variant="screen" />
            {name === 'affiliate-one-sheet' ? <Programs data={data} variant="screen" /> : null}
            <Figures data={data} variant="screen" />
            <Card variant="brand" size="lg">
              <Signup name={name} variant="screen" />
            </Card>
            <Text as="p" size="1" color="gray">
              {AFFILIATE_DISCLOSURE}
            </Text>
          </Flex>
        </main>
      </Box>
    </Theme>
  );
}

/** The print version: exactly one A4 (default) or US Letter (`?paper=letter`) page, light. */
export function OneSheetPrint({ name }: { name: SheetName }) {
  const data = useMarketingData();
  const { search } = useLocation();
  const paper = PAPER[paperFrom(search)];
  const ready = data.state !== 'loading';
  usePageReady(ready);
  // `/one-sheet`'s Print button opens this page with ?autoprint=1.
  useEffect(() => {
    if (!ready || new URLSearchParams(search).get('autoprint') !== '1') return;
    void document.fonts.ready.then(() => window.print());
  }, [ready, search]);
  const sheet = SHEETS[name];
  return (
    <Theme {...verdantThemeDefaults} appearance="light" className="vd-theme" hasBackground>
      <title>{`One-sheet for ${sheet.audience.toLowerCase()}, ${paper.label} print — Verdant`}</title>
      <style>{`@page { size: ${paper.css}; margin: 0; }`}</style>
      <main
        className="print-sheet"
        data-paper={paper.label}
        style={{ width: `${paper.widthMm}mm`, height: `${paper.heightMm}mm` }}
      >
        <Flex direction="column" gap="4" height="100%">
          <Flex justify="between" align="center">
            <Text size="5" weight="bold" className="print-brand">
              Verdant
            </Text>
            <Text size="2" color="gray">
              {sheet.audience} · Sustainable Affiliate Marketing
            </Text>
          </Flex>
          <Box>
            <Heading as="h1" size="7" mb="2">
              {sheet.headline}
            </Heading>
            <Text as="p" size="2">
              {sheet.lead}
            </Text>
          </Box>
          <Points name={name} variant="print" />
          <HowItWorks data={data} variant="print" />
          {name === 'affiliate-one-sheet' ? <Programs data={data} variant="print" /> : null}
          <Figures data={data} variant="print" />
          <Box flexGrow="1" />
          <Card size="md" variant="surface">
            <Signup name={name} variant="print" />
          </Card>
          <Text as="p" size="1" color="gray">
            {AFFILIATE_DISCLOSURE}
          </Text>
        </Flex>
      </main>
    </Theme>
  );
}

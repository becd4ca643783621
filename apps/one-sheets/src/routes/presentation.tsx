import { Box, Flex, Grid, Heading, Progress, Text, Theme } from '@radix-ui/themes';
import {
  Badge,
  Button,
  Card,
  QRCode,
  StatCard,
  VerdantTheme,
  verdantThemeDefaults,
} from '@verdant/ui';
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { siteUrl } from '../lib/api.ts';
import {
  FALLBACK_TERMS,
  usePageReady,
  useMarketingData,
  useRevenueTransparency,
  type MarketingData,
  type RevenueData,
} from '../lib/data.ts';
import { days, formatBps, formatCount, formatDateTime, formatMoney } from '../lib/format.ts';
import { usePrinting } from '../lib/print.ts';

interface Slide {
  title: string;
  body: ReactNode;
  notes: string;
}

function figuresNote(data: MarketingData) {
  if (data.state === 'live' && data.figures)
    return (
      <>
        Live figures as of <span data-volatile>{formatDateTime(data.figures.as_of)}</span>.
      </>
    );
  if (data.state === 'cached' && data.figures)
    return (
      <>
        Platform unreachable: last live figures, from{' '}
        <span data-volatile>{formatDateTime(data.figures.as_of)}</span>.
      </>
    );
  if (data.state === 'loading') return 'Loading live figures…';
  return (
    <>
      Live figures unavailable (checked <span data-volatile>{formatDateTime(data.checkedAt)}</span>
      ).
    </>
  );
}

/** Sums the revenue-transparency months per currency (the biggest currency first). */
export function revenueTotals(revenue: RevenueData) {
  const byCurrency = new Map<
    string,
    {
      gross: number;
      merchant: number;
      affiliate: number;
      platform: number;
      payment: number;
      orders: number;
    }
  >();
  for (const m of revenue.months) {
    const t = byCurrency.get(m.currency) ?? {
      gross: 0,
      merchant: 0,
      affiliate: 0,
      platform: 0,
      payment: 0,
      orders: 0,
    };
    t.gross += Number(m.gross_cents);
    t.merchant += Number(m.merchant_cents);
    t.affiliate += Number(m.affiliate_cents);
    t.platform += Number(m.platform_fee_cents);
    t.payment += Number(m.payment_fee_cents);
    t.orders += m.orders;
    byCurrency.set(m.currency, t);
  }
  const [first] = [...byCurrency.entries()].sort((a, b) => b[1].gross - a[1].gross);
  return first ? { currency: first[0], ...first[1] } : null;
}

function share(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : '—';
}

function buildSlides(data: MarketingData, revenue: RevenueData): Slide[] {
  const f = data.figures;
  const totals = revenueTotals(revenue);
  const site = siteUrl();
  return [
    {
      title: 'Verdant',
      body: (
        <Flex direction="column" gap="4">
          <Text size="8" weight="bold" className="slide-gradient-text">
            Sustainable Affiliate Marketing
          </Text>
          <Text size="5" color="gray">
            Creators recommend sustainable products. Merchants prove their claims. Every sale is
            tracked and every split is published.
          </Text>
        </Flex>
      ),
      notes:
        'Open with the one-line pitch. Verdant is an affiliate marketing platform where the sustainability claims are checked and the money flows are public.',
    },
    {
      title: 'The problem',
      body: (
        <Grid columns="3" gap="4">
          {[
            ['Green claims nobody checks', 'Shoppers cannot tell which “eco” products are real.'],
            [
              'Opaque affiliate money',
              'Creators rarely see how a sale was split or when they are paid.',
            ],
            ['Tracking that leaks', 'Third-party cookies disappear; sales go unattributed.'],
          ].map(([title, body]) => (
            <Card key={title} size="md">
              <Text as="p" size="4" weight="bold">
                {title}
              </Text>
              <Text as="p" size="3" color="gray">
                {body}
              </Text>
            </Card>
          ))}
        </Grid>
      ),
      notes:
        'Three problems: unverified green claims, opaque commissions and payouts, and attribution that breaks without third-party cookies.',
    },
    {
      title: 'Our answer',
      body: (
        <Flex direction="column" gap="3">
          {[
            'Merchants prove sustainability claims with evidence, issuer and expiry; admins review them.',
            'Affiliates join programs, share tracked links, link-in-bio pages and storefronts.',
            'Shoppers pay by card; the sale is attributed first-party, even without cookies.',
            'Every sale’s split — merchant, affiliate, platform, payment fee — is stored and published.',
          ].map((line) => (
            <Text as="p" size="5" key={line}>
              {line}
            </Text>
          ))}
        </Flex>
      ),
      notes: 'Walk through the four roles: merchant, affiliate, shopper, administrator.',
    },
    {
      title: 'For merchants',
      body: (
        <Grid columns="4" gap="3">
          {['Onboard and prove claims', 'List products', 'Run a program', 'Approve affiliates'].map(
            (step, i) => (
              <Card key={step} variant="brand">
                <Text as="p" size="7" weight="bold" color="teal">
                  {i + 1}
                </Text>
                <Text as="p" size="4">
                  {step}
                </Text>
              </Card>
            ),
          )}
        </Grid>
      ),
      notes:
        'Merchants set commission, cookie window and holding period per program, and see attributed sales in their dashboard.',
    },
    {
      title: 'For affiliates',
      body: (
        <Grid columns="4" gap="3">
          {['Join programs', 'Share tracked links', 'Build pages and storefronts', 'Get paid'].map(
            (step, i) => (
              <Card key={step} variant="brand">
                <Text as="p" size="7" weight="bold" color="teal">
                  {i + 1}
                </Text>
                <Text as="p" size="4">
                  {step}
                </Text>
              </Card>
            ),
          )}
        </Grid>
      ),
      notes:
        'Affiliates see clicks, sales, commissions and payouts live. Courses and the community help them grow.',
    },
    {
      title: 'Tracking you can trust',
      body: (
        <Flex direction="column" gap="3">
          <Text as="p" size="5">
            A /go link answers at once and records the click afterwards.
          </Text>
          <Text as="p" size="5">
            Bots and link previews are not counted; one click per visitor per hour.
          </Text>
          <Text as="p" size="5">
            The click travels into checkout, so a sale is attributed even without the cookie.
          </Text>
        </Flex>
      ),
      notes:
        'First-party attribution: the cookie is set on our own domain, and the click id is passed to the card checkout as well.',
    },
    {
      title: 'Program terms, live',
      body: (
        <Grid columns="3" gap="4">
          <StatCard
            label="Typical commission"
            value={f?.median_commission_bps ? formatBps(f.median_commission_bps) : 'Per program'}
            loading={data.state === 'loading'}
          />
          <StatCard
            label="Typical cookie window"
            value={days(f?.median_cookie_window_days ?? FALLBACK_TERMS.cookieWindowDays)}
            loading={data.state === 'loading'}
          />
          <StatCard
            label="Typical holding period"
            value={days(f?.median_holding_days ?? FALLBACK_TERMS.holdingDays)}
            loading={data.state === 'loading'}
          />
        </Grid>
      ),
      notes:
        'These are medians over the active programs of approved merchants, read live from the database.',
    },
    {
      title: 'Traction',
      body: (
        <Flex direction="column" gap="3">
          <Grid columns="4" gap="3">
            {[
              ['Approved merchants', f?.approved_merchants],
              ['Affiliates', f?.affiliates],
              ['Approved products', f?.approved_products],
              ['Clicks, last 30 days', f?.clicks_30d],
            ].map(([label, value]) => (
              <StatCard
                key={String(label)}
                label={String(label)}
                value={formatCount(value as number | undefined)}
                loading={data.state === 'loading'}
                // Clicks move with the calendar: masked in the screenshot baselines.
                data-volatile-block={label === 'Clicks, last 30 days' ? '' : undefined}
              />
            ))}
          </Grid>
          <Text size="2" color="gray">
            {figuresNote(data)}
          </Text>
        </Flex>
      ),
      notes: 'Every number on this slide is a live aggregate; no individual record is exposed.',
    },
    {
      title: 'Where the money goes',
      body: totals ? (
        <Flex direction="column" gap="3">
          <Grid columns="4" gap="3" data-volatile-block>
            <StatCard label="To merchants" value={share(totals.merchant, totals.gross)} />
            <StatCard label="To affiliates" value={share(totals.affiliate, totals.gross)} />
            <StatCard label="Platform fee" value={share(totals.platform, totals.gross)} />
            <StatCard label="Payment fees" value={share(totals.payment, totals.gross)} />
          </Grid>
          <Text size="2" color="gray" data-volatile-block>
            Published revenue split of {formatCount(totals.orders)} orders (
            {formatMoney(totals.gross, totals.currency)}) over the last 12 months.
          </Text>
        </Flex>
      ) : (
        <Text as="p" size="4" color="gray">
          {revenue.state === 'offline'
            ? 'The revenue-transparency figures are unavailable right now.'
            : revenue.state === 'loading'
              ? 'Loading the revenue split…'
              : 'No month has three or more sales yet, so no split is published yet.'}
        </Text>
      ),
      notes:
        'Revenue transparency: the split of every sale is stored; months with fewer than three sales are not published so no single sale can be read back.',
    },
    {
      title: 'Business model',
      body: (
        <Grid columns="3" gap="4">
          {[
            ['Platform fee', 'A share of each attributed sale, shown in the published split.'],
            [
              'Creator subscriptions',
              'Paid tiers for affiliates: unlimited links and storefronts, and click analytics. Courses stay free.',
            ],
            ['Merchant services', 'Claim review and program tooling for growing brands.'],
          ].map(([title, body]) => (
            <Card key={title}>
              <Text as="p" size="4" weight="bold">
                {title}
              </Text>
              <Text as="p" size="3" color="gray">
                {body}
              </Text>
            </Card>
          ))}
        </Grid>
      ),
      notes: 'Three revenue lines; the platform fee is visible to everyone in the revenue split.',
    },
    {
      title: 'Get started',
      body: (
        <Grid columns={{ initial: '1', sm: '2' }} gap="6">
          {[
            ['Merchants', `${site}/signup/vendor`],
            ['Affiliates', `${site}/signup/affiliate`],
          ].map(([who, url]) => (
            // On a narrow screen the code and its address stack, the code keeps a size a phone
            // can scan (see .slide-qr) and the address breaks anywhere rather than run off screen.
            <Flex key={who} gap="4" align="center" wrap="wrap">
              <QRCode
                value={url!}
                size={140}
                className="slide-qr"
                label={`QR code: sign-up for ${who} at ${url}`}
              />
              <Box className="slide-qr-caption">
                <Text as="p" size="5" weight="bold">
                  {who}
                </Text>
                <Text as="p" size="3" className="slide-url" data-volatile>
                  {url}
                </Text>
              </Box>
            </Flex>
          ))}
        </Grid>
      ),
      notes: 'Close with the two sign-up codes. Offer the one-sheets as handouts.',
    },
  ];
}

function clamp(n: number, count: number) {
  return Math.min(Math.max(n, 0), count - 1);
}

/** Whether the document is shown full screen now (`f` or the Full screen button). */
function useFullScreen(): boolean {
  const [on, setOn] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    // Also when the browser leaves full screen itself (Escape), so the button shows it.
    const onChange = () => setOn(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  return on;
}

function toggleFullScreen() {
  if (document.fullscreenElement) void document.exitFullscreen();
  else void document.documentElement.requestFullscreen?.().catch(() => undefined);
}

/**
 * A button of the deck's control bar. At either end of the deck Previous or Next is marked
 * aria-disabled (and looks disabled) instead of `disabled`: the button keeps the focus, which a
 * disabled one would drop to the page just as the last Next click reaches the last slide.
 */
function DeckButton({
  inactive = false,
  onClick,
  ...props
}: Omit<ComponentProps<typeof Button>, 'variant' | 'size'> & { inactive?: boolean }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-disabled={inactive || undefined}
      data-disabled={inactive ? '' : undefined}
      onClick={inactive ? undefined : onClick}
      {...props}
    />
  );
}

/**
 * `/presentation`: the Verdant story in slides; keys, swipe and the control bar's buttons move
 * between them, with speaker notes (`s`) and full screen (`f`).
 */
export function Presentation() {
  const data = useMarketingData();
  const revenue = useRevenueTransparency();
  const printing = usePrinting();
  usePageReady(data.state !== 'loading' && revenue.state !== 'loading');
  const slides = buildSlides(data, revenue);
  const count = slides.length;
  const location = useLocation();
  const navigate = useNavigate();
  const match = /^#\/(\d+)$/.exec(location.hash);
  const index = clamp(match ? Number(match[1]) - 1 : 0, count);
  const [notes, setNotes] = useState(false);
  const fullScreen = useFullScreen();
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const fit = () =>
      setScale(Math.min(Math.max(Math.min(innerWidth / 1280, innerHeight / 760), 0.6), 2.5));
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  const touchStart = useRef<number | null>(null);

  // The slide shown now, read by the key and swipe handlers at event time (never a stale copy).
  const current = useRef(index);
  useEffect(() => {
    current.current = index;
  }, [index]);
  const go = useCallback(
    (next: number) => {
      const target = clamp(next, count);
      current.current = target;
      // Nothing waits for the hash change; the router reports its own navigation errors.
      void navigate({ hash: `#/${target + 1}` }, { replace: true });
    },
    [navigate, count],
  );

  // A link to a slide that does not exist (#/99, #/0, #/abc) shows the nearest one: the address
  // then names the slide shown, replacing the wrong one, so it can be copied or bookmarked. A
  // plain /presentation is the cover and stays as it is.
  useEffect(() => {
    const shown = `#/${index + 1}`;
    if (location.hash && location.hash !== shown) void navigate({ hash: shown }, { replace: true });
  }, [location.hash, index, navigate]);

  useEffect(() => {
    // The cover's title is the deck's own name: it is not said twice.
    const deck = `Verdant presentation (${index + 1}/${count})`;
    document.title = index === 0 ? deck : `${slides[index]!.title} · ${deck}`;
  }, [index, count, slides]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      const key = event.key;
      // Space on a focused button presses that button (Next, Previous, Speaker notes…): stepping
      // here as well would move two slides, or move one while toggling the notes.
      if (key === ' ' && target?.closest('button, a[href], [role="button"]')) return;
      const at = current.current;
      let handled = true;
      if (key === 'ArrowRight' || key === 'ArrowDown' || key === 'PageDown') go(at + 1);
      else if (key === ' ') go(event.shiftKey ? at - 1 : at + 1);
      else if (key === 'ArrowLeft' || key === 'ArrowUp' || key === 'PageUp') go(at - 1);
      else if (key === 'Home') go(0);
      else if (key === 'End') go(count - 1);
      else if (key === 's' || key === 'S') setNotes((on) => !on);
      else if (key === 'f' || key === 'F') toggleFullScreen();
      else handled = false;
      if (handled) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, count]);

  const slideBodies = slides.map((slide, i) => (
    <Box
      key={slide.title}
      asChild
      className="slide"
      data-slide={i + 1}
      hidden={!printing && i !== index}
    >
      <section aria-roledescription="slide" aria-label={`${i + 1} of ${count}: ${slide.title}`}>
        {/* Slides are designed at 1280×760 and scaled to the screen, so a projector shows them big. */}
        <Flex
          direction="column"
          gap="5"
          style={printing ? undefined : { zoom: scale, ['--deck-scale' as string]: scale }}
        >
          <Heading as={i === 0 ? 'h1' : 'h2'} size={i === 0 ? '9' : '8'}>
            {slide.title}
          </Heading>
          {slide.body}
        </Flex>
        <Text as="p" size="1" color="gray" className="slide-number">
          {i + 1} / {count}
        </Text>
      </section>
    </Box>
  ));

  if (printing) {
    return (
      <Theme {...verdantThemeDefaults} appearance="light" className="vd-theme" hasBackground>
        <style>{'@page { size: A4 landscape; margin: 0; }'}</style>
        <main className="slides-print">{slideBodies}</main>
      </Theme>
    );
  }

  return (
    <VerdantTheme hasBackground>
      <main
        className="deck"
        aria-roledescription="carousel"
        aria-label="Verdant presentation"
        onTouchStart={(e) => {
          touchStart.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchStart.current;
          const end = e.changedTouches[0]?.clientX;
          touchStart.current = null;
          if (start === null || end === undefined) return;
          if (end - start < -50) go(current.current + 1);
          else if (end - start > 50) go(current.current - 1);
        }}
      >
        <div className="deck-stage" aria-live="polite">
          {slideBodies}
        </div>
        {/* For a mouse or a finger; the keys stay the quick way (the hint shows on wide screens). */}
        <Flex
          className="deck-controls"
          align="center"
          gap="2"
          px={{ initial: '3', sm: '5' }}
          py="2"
          wrap="wrap"
        >
          <DeckButton
            aria-label="Previous slide"
            inactive={index === 0}
            onClick={() => go(current.current - 1)}
          >
            <span aria-hidden>←</span> Previous
          </DeckButton>
          <Progress
            className="deck-progress"
            value={((index + 1) / count) * 100}
            aria-label={`Slide ${index + 1} of ${count}`}
            size="1"
          />
          <DeckButton
            aria-label="Next slide"
            inactive={index === count - 1}
            onClick={() => go(current.current + 1)}
          >
            Next <span aria-hidden>→</span>
          </DeckButton>
          <Flex gap="2" ml="auto">
            <DeckButton aria-pressed={notes} onClick={() => setNotes((on) => !on)}>
              Speaker notes
            </DeckButton>
            {document.fullscreenEnabled ? (
              <DeckButton aria-pressed={fullScreen} onClick={toggleFullScreen}>
                Full screen
              </DeckButton>
            ) : null}
          </Flex>
          <Text size="1" color="gray" className="deck-keys">
            ← → space · Home/End · s notes · f full screen
          </Text>
        </Flex>
        {notes ? (
          <Box asChild className="deck-notes" px="5" py="3">
            <aside aria-label="Speaker notes">
              <Badge tone="info">Speaker notes</Badge>
              <Text as="p" size="3" mt="2">
                {slides[index]!.notes}
              </Text>
            </aside>
          </Box>
        ) : null}
      </main>
    </VerdantTheme>
  );
}

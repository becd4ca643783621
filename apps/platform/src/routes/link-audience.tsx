import { Box, Flex, Grid, Text } from '@radix-ui/themes';
import { UNKNOWN_AUDIENCE_VALUE, type AudienceValue, type LinkAudience } from '@verdant/api-client';
import { DataTable, EmptyState, type DataTableColumn } from '@verdant/ui';
import { valueLabel } from '../lib/labels.ts';
import { countryName } from '../lib/shipping-address.ts';
import { formatCount, formatPercent } from './vendor-format.ts';

/** Rows per table before it pages: the few that matter most, the rest a page away. */
const ROWS_PER_PAGE = 5;

interface AudienceList {
  key: 'devices' | 'browsers' | 'countries' | 'referrers';
  caption: string;
  header: string;
  /** A stored value in words; `unknown` is the click that had none. */
  name: (value: string) => string;
}

const LISTS: readonly AudienceList[] = [
  {
    key: 'devices',
    caption: 'Devices',
    header: 'Device',
    name: (v) => (v === UNKNOWN_AUDIENCE_VALUE ? 'Unknown' : valueLabel(v)),
  },
  {
    key: 'browsers',
    caption: 'Browsers',
    header: 'Browser',
    name: (v) => (v === UNKNOWN_AUDIENCE_VALUE ? 'Unknown' : v),
  },
  {
    key: 'countries',
    caption: 'Countries',
    header: 'Country',
    name: (v) => (v === UNKNOWN_AUDIENCE_VALUE ? 'Unknown' : countryName(v)),
  },
  {
    key: 'referrers',
    caption: 'Referring sites',
    header: 'Site',
    // No referrer: typed or bookmarked, a QR code, an app, or a page that withholds it.
    name: (v) => (v === UNKNOWN_AUDIENCE_VALUE ? 'Direct or unknown' : v),
  },
];

/**
 * The share in words, with a bar drawn beside it where there is room (the words carry it; the bar
 * is decoration).
 */
function Share({ part, whole }: { part: number; whole: number }) {
  const percent = whole > 0 ? (part / whole) * 100 : 0;
  return (
    <Flex align="center" justify="end" gap="2">
      <Box
        aria-hidden
        display={{ initial: 'none', xs: 'block' }}
        flexShrink="0"
        width="48px"
        height="6px"
        style={{ borderRadius: 3, background: 'var(--gray-a4)', overflow: 'hidden' }}
      >
        <Box
          height="100%"
          style={{ width: `${percent}%`, background: 'var(--accent-9)', borderRadius: 3 }}
        />
      </Box>
      <Text style={{ fontVariantNumeric: 'tabular-nums' }}>{formatPercent(part, whole)}</Text>
    </Flex>
  );
}

/**
 * The four tables of a link's audience (devices, browsers, countries, referring sites), each with
 * clicks and share of the window's clicks. Loaded only when an Affiliate Pro subscriber opens a
 * link's stats: the page's own chunk does not carry it.
 */
export default function LinkAudienceTables({
  audience,
  loading,
  days,
}: {
  audience: LinkAudience | undefined;
  loading: boolean;
  days: number;
}) {
  const total = audience?.totals.clicks ?? 0;
  if (!loading && total === 0) {
    return (
      <EmptyState
        size="1"
        headingLevel={4}
        title="No audience yet"
        description={`Nobody followed this link in the last ${days} days. Once people do, you see their devices, browsers and countries here, and the sites they came from.`}
      />
    );
  }
  return (
    // Two tables side by side only where each keeps its name, figures and bar on one line.
    <Grid columns={{ initial: '1', lg: '2' }} gap="4">
      {LISTS.map((list) => {
        const columns: readonly DataTableColumn<AudienceValue>[] = [
          {
            id: 'value',
            header: list.header,
            rowHeader: true,
            // A name of several words breaks between them (the table's `wrap` columns keep 14rem,
            // more than a phone leaves for the name beside the figures).
            cell: (r) => (
              <Text style={{ whiteSpace: 'normal', overflowWrap: 'break-word' }}>
                {list.name(r.value)}
              </Text>
            ),
          },
          {
            id: 'clicks',
            header: 'Clicks',
            align: 'end',
            cell: (r) => formatCount(r.clicks),
          },
          {
            id: 'share',
            header: 'Share',
            align: 'end',
            cell: (r) => <Share part={r.clicks} whole={total} />,
          },
        ];
        return (
          <DataTable
            key={list.key}
            caption={list.caption}
            showCaption
            layout="table"
            density="compact"
            columns={columns}
            rows={audience?.[list.key] ?? []}
            loading={loading}
            loadingRows={3}
            pageSize={ROWS_PER_PAGE}
            getRowId={(r) => r.value}
          />
        );
      })}
    </Grid>
  );
}

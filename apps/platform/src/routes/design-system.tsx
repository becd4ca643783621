import { Box, Flex, Grid, Heading, Text } from '@radix-ui/themes';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  CopyButton,
  DataTable,
  EmptyState,
  ErrorCard,
  Field,
  PageHeader,
  Pagination,
  PasswordInput,
  ProgressBar,
  QRCode,
  SegmentedControl,
  Select,
  Skeleton,
  Spinner,
  StatCard,
  Stepper,
  Switch,
  Tabs,
  TextInput,
  Textarea,
  toast,
} from '@verdant/ui';
import { BarChart } from '@verdant/ui/charts';
import '@verdant/ui/charts.css';
import { useState } from 'react';

const ROWS = [
  { id: 'refill', product: 'Refillable dish soap', clicks: 412, sales: 19 },
  { id: 'wraps', product: 'Beeswax food wraps', clicks: 288, sales: 12 },
  { id: 'towel', product: 'Organic linen towel', clicks: 175, sales: 9 },
];

const WEEK = [
  '2026-01-05',
  '2026-01-06',
  '2026-01-07',
  '2026-01-08',
  '2026-01-09',
  '2026-01-10',
  '2026-01-11',
].map((date, i) => ({ date, clicks: [42, 51, 38, 64, 70, 55, 48][i]! }));

/** A live gallery of @verdant/ui components as the app uses them (/design-system). */
export function Component() {
  const [page, setPage] = useState(2);
  const [period, setPeriod] = useState('30');
  return (
    <Flex direction="column" gap="6" py="5">
      <title>Design system — Verdant</title>
      <PageHeader
        title="Design system"
        description="The components of @verdant/ui, live. Designers review every state in Storybook; this page shows them working together in the app."
      />
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5">
          Buttons and badges
        </Heading>
        <Flex gap="3" wrap="wrap" align="center">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="outline">Outline</Button>
          <Button variant="ghost">Ghost</Button>
          <Button loading>Saving</Button>
          <Button
            onClick={() =>
              toast({ title: 'Saved', description: 'A toast from the design system page.' })
            }
          >
            Show a toast
          </Button>
          <ConfirmDialog
            title="Delete this link?"
            description="Its clicks stay in your statistics."
            confirmLabel="Delete"
            onConfirm={() => undefined}
            trigger={<Button variant="outline">Open a confirm dialog</Button>}
          />
        </Flex>
        <Flex gap="2" wrap="wrap">
          <Badge>Neutral</Badge>
          <Badge tone="brand">Brand</Badge>
          <Badge tone="success">Approved</Badge>
          <Badge tone="info">Info</Badge>
          <Badge tone="warning">Pending</Badge>
          <Badge tone="danger">Rejected</Badge>
        </Flex>
      </Flex>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5">
          Forms
        </Heading>
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <Field label="Email" description="We never share it.">
            <TextInput type="email" placeholder="you@example.com" />
          </Field>
          <Field label="Password">
            <PasswordInput />
          </Field>
          <Field label="Category">
            <Select
              defaultValue="home"
              options={[
                { value: 'home', label: 'Home' },
                { value: 'apparel', label: 'Apparel' },
              ]}
            />
          </Field>
          <Field label="Link title" error="Enter a title">
            <TextInput />
          </Field>
          <Field label="Bio">
            <Textarea rows={3} showCount maxLength={200} />
          </Field>
          <Flex direction="column" gap="3">
            <Checkbox label="Remember me for 30 days" />
            <Switch
              label="Approve applicants automatically"
              description="Off: you review each one."
            />
            <SegmentedControl
              aria-label="Period"
              options={[
                { value: '7', label: '7 days' },
                { value: '30', label: '30 days' },
              ]}
              value={period}
              onValueChange={setPeriod}
            />
          </Flex>
        </Grid>
      </Flex>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5">
          Data
        </Heading>
        <Grid columns={{ initial: '1', sm: '3' }} gap="3">
          <StatCard label="Clicks" value="1,284" delta={12.5} deltaLabel="vs last period" />
          <StatCard label="Earnings" value="$312.40" delta={-4.2} deltaLabel="vs last period" />
          <StatCard label="Loading" value="–" loading />
        </Grid>
        <BarChart
          title="Clicks per day"
          surface="card"
          data={WEEK}
          series={[{ key: 'clicks', label: 'Clicks' }]}
        />
        <DataTable
          caption="Top products"
          showCaption
          rows={ROWS}
          getRowId={(r) => r.id}
          columns={[
            {
              id: 'product',
              header: 'Product',
              cell: (r) => r.product,
              rowHeader: true,
              sortValue: (r) => r.product,
            },
            {
              id: 'clicks',
              header: 'Clicks',
              cell: (r) => r.clicks,
              align: 'end',
              sortValue: (r) => r.clicks,
            },
            {
              id: 'sales',
              header: 'Sales',
              cell: (r) => r.sales,
              align: 'end',
              sortValue: (r) => r.sales,
            },
          ]}
        />
        <Pagination page={page} pageCount={8} onPageChange={setPage} label="Example pages" />
        <ProgressBar
          label="Course progress"
          value={3}
          max={5}
          showValue
          formatValue={(v, max) => `${v} of ${max} modules`}
        />
        <Stepper
          steps={[
            { id: 'a', label: 'Company' },
            { id: 'b', label: 'Claims' },
            { id: 'c', label: 'Review' },
          ]}
          current={1}
          aria-label="Example steps"
        />
      </Flex>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5">
          Feedback and media
        </Heading>
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <ErrorCard message="The dashboard could not be loaded." onRetry={() => undefined} />
          <EmptyState bordered title="No links yet" description="Create your first tracked link." />
          <Card>
            <Flex gap="3" align="center">
              <Avatar name="Maya Greenfield" size="3" />
              <Spinner label="Loading" />
              <Box flexGrow="1">
                <Skeleton height="16px" />
              </Box>
            </Flex>
          </Card>
          <Card>
            <Flex gap="3" align="center" wrap="wrap">
              <QRCode
                value="https://verdant.example/go/demo-link"
                label="QR code of a tracked link"
                size={96}
              />
              <CopyButton
                value="https://verdant.example/go/demo-link"
                label="Copy the tracked link"
              />
            </Flex>
          </Card>
        </Grid>
        <Tabs.Root defaultValue="one">
          <Tabs.List aria-label="Example tabs">
            <Tabs.Trigger value="one">Overview</Tabs.Trigger>
            <Tabs.Trigger value="two">Details</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="one">
            <Text as="p" color="gray" mt="2">
              Tabs switch between panels with the arrow keys.
            </Text>
          </Tabs.Content>
          <Tabs.Content value="two">
            <Text as="p" color="gray" mt="2">
              The second panel.
            </Text>
          </Tabs.Content>
        </Tabs.Root>
      </Flex>
    </Flex>
  );
}

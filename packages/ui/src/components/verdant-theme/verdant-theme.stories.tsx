import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, Card, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/index.ts';
import { THEME_PREFERENCES } from '../../theme/index.ts';
import { useThemePreference } from './verdant-theme.tsx';

function Tokens() {
  const [preference, setPreference] = useThemePreference();
  return (
    <Flex direction="column" gap="4" style={{ maxWidth: 560 }}>
      <div
        style={{
          height: 96,
          borderRadius: 'var(--vd-radius)',
          backgroundImage: 'var(--vd-gradient)',
        }}
      />
      <Heading as="h2" size="6">
        Sustainable Affiliate Marketing
      </Heading>
      <Text as="p" color="gray">
        Verdant is dark only. The stored preference is <Code>{preference}</Code>; it is kept in
        localStorage under “theme” and never changes what renders.
      </Text>
      <Flex gap="2" role="group" aria-label="Theme preference">
        {THEME_PREFERENCES.map((p) => (
          <Button
            key={p}
            size="sm"
            variant={p === preference ? 'primary' : 'secondary'}
            aria-pressed={p === preference}
            onClick={() => setPreference(p)}
          >
            {p}
          </Button>
        ))}
      </Flex>
      <Card>
        <Text size="2">Cards, dialogs and menus use the dark panel colour.</Text>
      </Card>
    </Flex>
  );
}

const meta = {
  title: 'Foundations/Theme',
  component: Tokens,
  beforeEach: () => {
    const saved = localStorage.getItem('theme');
    localStorage.removeItem('theme');
    return () =>
      saved === null ? localStorage.removeItem('theme') : localStorage.setItem('theme', saved);
  },
} satisfies Meta<typeof Tokens>;

export default meta;
type Story = StoryObj<typeof meta>;

export const BrandTokens: Story = {};

export const PreferenceStaysDark: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'light' }));
    await expect(localStorage.getItem('theme')).toBe('light');
    await expect(canvasElement.querySelector('.radix-themes')).toHaveClass('dark');
    await userEvent.click(canvas.getByRole('button', { name: 'system' }));
    await expect(localStorage.getItem('theme')).toBe('system');
  },
};

const STEPS = Array.from({ length: 12 }, (_, i) => i + 1);

function Swatches({ scale, label }: { scale: 'accent' | 'gray'; label: string }) {
  return (
    <Flex direction="column" gap="1">
      <Text size="2" weight="medium">
        {label}
      </Text>
      <Flex gap="1" role="list" aria-label={label}>
        {STEPS.map((step) => (
          <div
            key={step}
            role="listitem"
            aria-label={`${label} step ${step}`}
            data-step={step}
            style={{
              width: 40,
              height: 40,
              borderRadius: 'var(--radius-2)',
              background: `var(--${scale}-${step})`,
              boxShadow: 'inset 0 0 0 1px var(--gray-a4)',
            }}
          />
        ))}
      </Flex>
    </Flex>
  );
}

/** The Verdant scales (brand green to blue, green-black grays) as Radix Themes' accent and gray. */
function ColourSystem() {
  return (
    <Flex direction="column" gap="4" style={{ maxWidth: 640 }}>
      <Swatches scale="accent" label="Verdant accent" />
      <Swatches scale="gray" label="Verdant gray" />
      <div style={{ height: 2, background: 'var(--vd-hairline)' }} aria-hidden />
      <Flex gap="3" align="center" wrap="wrap">
        <Button>Primary action</Button>
        <Button variant="secondary">Secondary</Button>
        <Badge>Accent badge</Badge>
        <Text color="mint" size="2">
          Accent text
        </Text>
        <Text color="gray" size="2">
          Muted text
        </Text>
      </Flex>
      <Card>
        <Text size="2">Panels sit on the green-black surface.</Text>
      </Card>
    </Flex>
  );
}

export const ColourScales: Story = {
  render: () => <ColourSystem />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const accent = canvas.getByRole('listitem', { name: 'Verdant accent step 9' });
    // The brand green fills the accent slot, not Radix's mint (rgb(134, 234, 212)).
    await expect(getComputedStyle(accent).backgroundColor).toBe('rgb(52, 211, 153)');
    // The surface is green-black: its green channel leads the red one.
    const root = canvasElement.closest('.radix-themes') ?? document.querySelector('.radix-themes');
    const [r, g, b] = (getComputedStyle(root as Element).backgroundColor.match(/\d+/g) ?? []).map(
      Number,
    );
    await expect(g).toBeGreaterThan(r as number);
    await expect(g).toBeGreaterThan(b as number);
    // Radix's own accent components (a soft badge) read the Verdant scale too.
    const badge = canvas.getByText('Accent badge');
    await expect(getComputedStyle(badge).color).toBe('rgba(102, 255, 241, 0.816)');
  },
};

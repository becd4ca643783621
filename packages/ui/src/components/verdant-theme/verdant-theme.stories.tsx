import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card, Code, Flex, Heading, Text } from '@radix-ui/themes';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button';
import { THEME_PREFERENCES } from '../../theme';
import { useThemePreference } from './verdant-theme';

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

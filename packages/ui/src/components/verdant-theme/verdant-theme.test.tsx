import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  THEME_STORAGE_KEY,
  VerdantTheme,
  useThemePreference,
  type ThemePreference,
} from './index.ts';

function PreferenceProbe({ next }: { next?: ThemePreference }) {
  const [preference, setPreference] = useThemePreference();
  return (
    <button type="button" onClick={() => next && setPreference(next)}>
      {preference}
    </button>
  );
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('VerdantTheme', () => {
  it('renders the dark appearance by default', () => {
    const { container } = render(<VerdantTheme>content</VerdantTheme>);
    expect(container.querySelector('.radix-themes')?.classList.contains('dark')).toBe(true);
  });

  it.each(['light', 'dark', 'system'] as const)(
    'still renders dark when the stored preference is %s',
    (pref) => {
      localStorage.setItem(THEME_STORAGE_KEY, pref);
      const { container } = render(<VerdantTheme>content</VerdantTheme>);
      const root = container.querySelector('.radix-themes');
      expect(root?.classList.contains('dark')).toBe(true);
      expect(root?.classList.contains('light')).toBe(false);
    },
  );

  it('keeps the preference under localStorage "theme", defaulting to system', async () => {
    render(
      <VerdantTheme>
        <PreferenceProbe next="light" />
      </VerdantTheme>,
    );
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('system');
    expect(localStorage.getItem('theme')).toBeNull();
    await act(async () => button.click());
    expect(button.textContent).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.querySelector('.radix-themes')?.classList.contains('dark')).toBe(true);
  });

  it('treats an unknown stored value as system', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    render(<PreferenceProbe />);
    expect(screen.getByRole('button').textContent).toBe('system');
  });
});

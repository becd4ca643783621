import { Theme } from '@radix-ui/themes';
import {
  forwardRef,
  useCallback,
  useSyncExternalStore,
  type ComponentPropsWithoutRef,
  type ElementRef,
} from 'react';
import {
  DEFAULT_THEME_PREFERENCE,
  RENDERED_APPEARANCE,
  readThemePreference,
  subscribeThemePreference,
  writeThemePreference,
  type ThemePreference,
} from '../../theme/index.ts';
import { cn } from '../../utils/index.ts';

type RadixThemeProps = ComponentPropsWithoutRef<typeof Theme>;

/** Verdant's fixed Radix Themes settings: dark, mint accent between the brand's green and blue. */
export const verdantThemeDefaults = {
  appearance: RENDERED_APPEARANCE,
  accentColor: 'mint',
  grayColor: 'slate',
  radius: 'large',
  scaling: '100%',
  panelBackground: 'solid',
} as const satisfies Partial<RadixThemeProps>;

export type VerdantThemeProps = Omit<RadixThemeProps, 'appearance'>;

/**
 * Root of every Verdant surface. Always renders the dark appearance (spec §1) whatever the stored
 * preference; wraps Radix Themes' `Theme`, so nested `<Theme asChild>` portals inherit it.
 */
export const VerdantTheme = forwardRef<ElementRef<typeof Theme>, VerdantThemeProps>(
  function VerdantTheme({ className, ...props }, ref) {
    return (
      <Theme
        ref={ref}
        data-slot="verdant-theme"
        {...verdantThemeDefaults}
        {...props}
        appearance={RENDERED_APPEARANCE}
        className={cn('vd-theme', className)}
      />
    );
  },
);

/**
 * The stored theme preference (light, dark or system; default system) and a setter that persists it
 * under localStorage "theme". Changing it does not change what renders: Verdant is dark only.
 */
export function useThemePreference(): [ThemePreference, (preference: ThemePreference) => void] {
  const preference = useSyncExternalStore(
    subscribeThemePreference,
    readThemePreference,
    () => DEFAULT_THEME_PREFERENCE,
  );
  const setPreference = useCallback((next: ThemePreference) => writeThemePreference(next), []);
  return [preference, setPreference];
}

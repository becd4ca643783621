export {
  VerdantTheme,
  useThemePreference,
  verdantThemeDefaults,
  type VerdantThemeProps,
} from './verdant-theme.tsx';
export {
  THEME_STORAGE_KEY,
  THEME_PREFERENCES,
  DEFAULT_THEME_PREFERENCE,
  readThemePreference,
  writeThemePreference,
  type ThemePreference,
} from '../../theme/index.ts';

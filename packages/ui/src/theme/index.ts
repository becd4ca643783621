export {
  THEME_STORAGE_KEY,
  THEME_PREFERENCES,
  DEFAULT_THEME_PREFERENCE,
  RENDERED_APPEARANCE,
  readThemePreference,
  writeThemePreference,
  subscribeThemePreference,
  type ThemePreference,
} from './theme-preference.ts';

export { LinkPage, type LinkPageProps } from './link-page.tsx';
export {
  isLinkPageTheme,
  linkPageThemeLabels,
  linkPageThemes,
  type LinkPageThemeName,
} from './link-page-themes.ts';
export { ProfileHeader, type ProfileHeaderProps } from './profile-header.tsx';
export { LinkButton, type LinkButtonProps } from './link-button.tsx';
export {
  SocialLink,
  SocialRow,
  socialNetworkLabels,
  socialNetworks,
  type SocialLinkProps,
  type SocialNetwork,
  type SocialRowProps,
} from './social-row.tsx';
export { ThemePicker, type ThemePickerProps } from './theme-picker.tsx';

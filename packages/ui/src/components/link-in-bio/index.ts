export { LinkPage, type LinkPageProps } from './link-page';
export {
  isLinkPageTheme,
  linkPageThemeLabels,
  linkPageThemes,
  type LinkPageThemeName,
} from './link-page-themes';
export { ProfileHeader, type ProfileHeaderProps } from './profile-header';
export { LinkButton, type LinkButtonProps } from './link-button';
export {
  SocialLink,
  SocialRow,
  socialNetworkLabels,
  socialNetworks,
  type SocialLinkProps,
  type SocialNetwork,
  type SocialRowProps,
} from './social-row';
export { ThemePicker, type ThemePickerProps } from './theme-picker';

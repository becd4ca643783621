export {
  APP_SHELL_DESKTOP_QUERY,
  AppShell,
  appShellVariants,
  type AppShellMainProps,
  type AppShellMenuButtonProps,
  type AppShellNavItemProps,
  type AppShellNavSectionProps,
  type AppShellRootProps,
  type AppShellSidebarProps,
  type AppShellSidebarToggleProps,
  type AppShellTopBarProps,
  type AppShellBrandProps,
} from './app-shell.tsx';

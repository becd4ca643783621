export {
  CommandPalette,
  isCommandPaletteHotkey,
  type CommandPaletteGroup,
  type CommandPaletteItem,
  type CommandPaletteProps,
} from './command-palette.tsx';

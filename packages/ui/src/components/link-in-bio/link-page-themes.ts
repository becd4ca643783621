/** The themes of a link-in-bio page or storefront (the `link_pages.theme` / `storefronts.theme` values). */
export const linkPageThemes = ['forest', 'ocean', 'earth', 'night'] as const;

export type LinkPageThemeName = (typeof linkPageThemes)[number];

export const linkPageThemeLabels: Record<LinkPageThemeName, string> = {
  forest: 'Forest',
  ocean: 'Ocean',
  earth: 'Earth',
  night: 'Night',
};

export function isLinkPageTheme(value: unknown): value is LinkPageThemeName {
  return typeof value === 'string' && (linkPageThemes as readonly string[]).includes(value);
}

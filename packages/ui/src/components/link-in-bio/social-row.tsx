import * as React from 'react';
import {
  EnvelopeClosedIcon,
  GitHubLogoIcon,
  GlobeIcon,
  InstagramLogoIcon,
  LinkedInLogoIcon,
} from '@radix-ui/react-icons';
import { Slot } from 'radix-ui';

export const socialNetworks = [
  'instagram',
  'tiktok',
  'youtube',
  'x',
  'linkedin',
  'pinterest',
  'github',
  'website',
  'email',
] as const;

export type SocialNetwork = (typeof socialNetworks)[number];

export const socialNetworkLabels: Record<SocialNetwork, string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  x: 'X',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  github: 'GitHub',
  website: 'Website',
  email: 'Email',
};

type IconProps = { className?: string; 'aria-hidden'?: boolean };
const glyph = (children: React.ReactNode) =>
  function Glyph(props: IconProps) {
    return (
      <svg viewBox="0 0 15 15" width="15" height="15" fill="currentColor" {...props}>
        {children}
      </svg>
    );
  };

const TikTokIcon = glyph(
  <path d="M8.6 1.5h2c.2 1.4 1.1 2.4 2.5 2.6v2a4.6 4.6 0 0 1-2.5-.8v4.3a3.7 3.7 0 1 1-3.7-3.7h.4v2.1h-.4a1.6 1.6 0 1 0 1.7 1.6Z" />,
);
const YouTubeIcon = glyph(
  <path d="M14 4.4a1.7 1.7 0 0 0-1.2-1.2C11.7 3 7.5 3 7.5 3s-4.2 0-5.3.3A1.7 1.7 0 0 0 1 4.4 17 17 0 0 0 .8 7.5 17 17 0 0 0 1 10.6a1.7 1.7 0 0 0 1.2 1.2c1.1.3 5.3.3 5.3.3s4.2 0 5.3-.3a1.7 1.7 0 0 0 1.2-1.2 17 17 0 0 0 .2-3.1 17 17 0 0 0-.2-3.1ZM6.1 9.5v-4l3.5 2Z" />,
);
const XIcon = glyph(
  <path d="M11.3 1.5h2.1L8.8 6.7l5.4 6.8h-4.2L6.7 9.3l-3.8 4.2H.8l4.9-5.5L.5 1.5h4.3l3 3.9Zm-.7 10.8h1.2L4.2 2.7H2.9Z" />,
);
const PinterestIcon = glyph(
  <path d="M7.5.8a6.7 6.7 0 0 0-2.4 13c-.1-.6-.1-1.4 0-2l.8-3.4s-.2-.4-.2-1c0-1 .6-1.7 1.3-1.7.6 0 .9.4.9 1 0 .6-.4 1.5-.6 2.3-.2.7.4 1.3 1.1 1.3 1.3 0 2.3-1.4 2.3-3.4 0-1.8-1.3-3-3.1-3-2.1 0-3.3 1.6-3.3 3.2 0 .6.2 1.3.5 1.7l.1.3-.2.7c0 .1-.1.2-.3.1-.9-.4-1.5-1.8-1.5-2.9C3.7 4.4 5.4 2.3 8.6 2.3c2.6 0 4.6 1.8 4.6 4.3 0 2.6-1.6 4.6-3.9 4.6-.8 0-1.5-.4-1.7-.9l-.5 1.8c-.2.6-.6 1.4-.9 1.9A6.7 6.7 0 1 0 7.5.8Z" />,
);

const icons: Record<SocialNetwork, React.ComponentType<IconProps>> = {
  instagram: InstagramLogoIcon,
  tiktok: TikTokIcon,
  youtube: YouTubeIcon,
  x: XIcon,
  linkedin: LinkedInLogoIcon,
  pinterest: PinterestIcon,
  github: GitHubLogoIcon,
  website: GlobeIcon,
  email: EnvelopeClosedIcon,
};

export interface SocialLinkProps extends React.ComponentPropsWithoutRef<'a'> {
  network: SocialNetwork;
  /** The accessible name; defaults to the network's name (e.g. "Instagram"). */
  label?: string;
  /** Renders onto the single child link instead of an `<a>`. */
  asChild?: boolean;
}

/** One round icon link of a SocialRow, named for screen readers and shown in a tooltip on hover. */
export const SocialLink = React.forwardRef<HTMLAnchorElement, SocialLinkProps>(function SocialLink(
  { network, label, asChild = false, className, children, ...rest },
  ref,
) {
  const Comp = asChild ? Slot.Root : 'a';
  const Icon = icons[network];
  const name = label ?? socialNetworkLabels[network];
  return (
    <li className="vd-social-row__item">
      <Comp
        ref={ref}
        aria-label={name}
        title={name}
        data-slot="social-link"
        data-network={network}
        className={['vd-social-link', className].filter(Boolean).join(' ')}
        {...rest}
      >
        {asChild ? (
          <Slot.Slottable child={children}>{() => <Icon aria-hidden />}</Slot.Slottable>
        ) : (
          <Icon aria-hidden />
        )}
      </Comp>
    </li>
  );
});

export interface SocialRowProps extends React.ComponentPropsWithoutRef<'ul'> {
  /** SocialLink elements. */
  children: React.ReactNode;
  /** Names the list; defaults to "Social links". */
  'aria-label'?: string;
}

/** A centred row of SocialLinks under a profile. */
export const SocialRow = React.forwardRef<HTMLUListElement, SocialRowProps>(function SocialRow(
  { className, 'aria-label': ariaLabel = 'Social links', ...rest },
  ref,
) {
  return (
    <ul
      ref={ref}
      aria-label={ariaLabel}
      data-slot="social-row"
      className={['vd-social-row', className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
});

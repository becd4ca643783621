import * as React from 'react';
import { Avatar as ThemesAvatar } from '@radix-ui/themes';
import { cva, type VariantProps } from 'class-variance-authority';
import { initialsOf } from './initials.ts';

export const avatarVariants = cva('vd-avatar', {
  variants: {
    /** A ring in the panel colour, to separate overlapping avatars in a group. */
    ring: { true: 'vd-avatar--ring', false: '' },
  },
  defaultVariants: { ring: false },
});

export interface AvatarProps
  extends
    Omit<React.ComponentPropsWithoutRef<'span'>, 'children'>,
    VariantProps<typeof avatarVariants> {
  /** The person's (or store's) name: the accessible name and the source of the initials. */
  name: string;
  /** Profile image URL; the initials show while it loads or if it fails. */
  src?: string | null;
  size?: '1' | '2' | '3' | '4' | '5' | '6';
  shape?: 'circle' | 'rounded';
  /** Set when the name is already shown next to the avatar, so it is not read twice. */
  decorative?: boolean;
}

/** A profile picture with initials as the fallback. */
export const Avatar = React.forwardRef<HTMLSpanElement, AvatarProps>(function Avatar(
  { name, src, decorative = false, size = '3', shape = 'circle', ring, className, ...rest },
  ref,
) {
  const a11y = decorative
    ? { 'aria-hidden': true as const }
    : { role: 'img', 'aria-label': name.trim() || 'Unknown user' };
  return (
    <span
      ref={ref}
      data-slot="avatar"
      className={avatarVariants({ ring, className })}
      {...a11y}
      {...rest}
    >
      <ThemesAvatar
        src={src ?? undefined}
        alt=""
        fallback={initialsOf(name)}
        size={size}
        radius={shape === 'rounded' ? 'medium' : 'full'}
        color="mint"
        variant="soft"
      />
    </span>
  );
});

export interface AvatarGroupProps extends React.ComponentPropsWithoutRef<'div'> {
  /** Accessible name of the group, e.g. "Program members". */
  label: string;
}

/**
 * Overlapping avatars: each one sits on a ring in the surface colour, so the seams between them
 * are clean circles. Set `--vd-avatar-ring` to the surface colour when it is not the page's.
 */
export const AvatarGroup = React.forwardRef<HTMLDivElement, AvatarGroupProps>(function AvatarGroup(
  { label, className, ...rest },
  ref,
) {
  return (
    <div
      ref={ref}
      role="group"
      aria-label={label}
      data-slot="avatar-group"
      className={['vd-avatar-group', className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
});

import * as React from 'react';
import { Avatar } from '../avatar/avatar.tsx';

export interface ProfileHeaderProps extends React.ComponentPropsWithoutRef<'header'> {
  name: string;
  /** Shown as "@username" under the name. */
  username?: string;
  avatarSrc?: string | null;
  /**
   * Whose picture it is, for its initials when there is no picture: the page owner's name when the
   * heading is not (a storefront's title). Default: `name`.
   */
  avatarName?: string;
  bio?: React.ReactNode;
  /** Small things under the bio, e.g. a Badge ("Verified creator") or a SocialRow. */
  meta?: React.ReactNode;
  /** Heading level of the name; 1 on the public page. */
  headingLevel?: 1 | 2 | 3;
}

/** The top of a link-in-bio page: avatar with the brand ring, name, @username and bio. */
export const ProfileHeader = React.forwardRef<HTMLElement, ProfileHeaderProps>(
  function ProfileHeader(
    { name, username, avatarSrc, avatarName, bio, meta, headingLevel = 1, className, ...rest },
    ref,
  ) {
    const Heading = `h${headingLevel}` as const;
    return (
      <header
        ref={ref}
        data-slot="profile-header"
        className={['vd-profile-header', className].filter(Boolean).join(' ')}
        {...rest}
      >
        <Avatar name={avatarName ?? name} src={avatarSrc} size="6" ring decorative />
        <div className="vd-profile-header__names">
          <Heading className="vd-profile-header__name">{name}</Heading>
          {username ? <p className="vd-profile-header__username">@{username}</p> : null}
        </div>
        {bio ? <p className="vd-profile-header__bio">{bio}</p> : null}
        {meta ? <div className="vd-profile-header__meta">{meta}</div> : null}
      </header>
    );
  },
);

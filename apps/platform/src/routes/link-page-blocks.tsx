import type { LinkPageItem } from '@verdant/api-client';
import {
  LinkButton,
  LinkPage,
  ProfileHeader,
  SocialLink,
  SocialRow,
  type SocialNetwork,
} from '@verdant/ui';
import '@verdant/ui/link-in-bio.css';
import { trackedHref } from '../lib/tracked-link.ts';
import { PageDisclosure } from './page-disclosure.tsx';

/** Hosts whose links a page shows as icons in its social row rather than as buttons. */
const SOCIAL_HOSTS: Record<string, SocialNetwork> = {
  'instagram.com': 'instagram',
  'tiktok.com': 'tiktok',
  'youtube.com': 'youtube',
  'youtu.be': 'youtube',
  'x.com': 'x',
  'twitter.com': 'x',
  'linkedin.com': 'linkedin',
  'pinterest.com': 'pinterest',
  'github.com': 'github',
};

/** The social network a link points to, if any. */
export function socialNetworkOf(url: string | null): SocialNetwork | null {
  if (!url) return null;
  if (url.startsWith('mailto:')) return 'email';
  try {
    const host = new URL(url).hostname.replace(/^www\./, '');
    return SOCIAL_HOSTS[host] ?? null;
  } catch {
    return null;
  }
}

/**
 * An entry as the view draws it: the owner's own rows (editor preview) or the public items a
 * visitor gets, which add the tracked link code of affiliate links and the product's slug and name.
 */
export type LinkPageViewItem = Pick<LinkPageItem, 'id' | 'kind' | 'label' | 'url'> & {
  is_visible?: boolean;
  link_code?: string | null;
  link_title?: string | null;
  product_slug?: string | null;
  product_name?: string | null;
};

export interface LinkPageViewProps {
  title: string;
  /** Who earns on the page's tracked links, named in its disclosure; the title stands in. */
  ownerName?: string | null;
  username?: string | null;
  bio?: string | null;
  avatarUrl?: string | null;
  theme: string;
  items: readonly LinkPageViewItem[];
  /** 1 on the public page; 2 inside the editor's preview. */
  headingLevel?: 1 | 2;
}

/** The tracked `/go/` address an entry links to, if it earns its owner a commission. */
function trackedCodeOf(item: LinkPageViewItem): string | null {
  if (item.kind === 'affiliate_link' || (item.kind === 'product' && item.product_slug))
    return item.link_code ?? null;
  return null;
}

/**
 * A link-in-bio page as visitors see it: the profile, social links as icons, headers and link
 * buttons. Shared by the public page and the editor's live preview so both always agree.
 */
export function LinkPageView({
  title,
  ownerName,
  username,
  bio,
  avatarUrl,
  theme,
  items,
  headingLevel = 1,
}: LinkPageViewProps) {
  const visible = items.filter((item) => item.is_visible !== false);
  const social = visible.filter((item) => item.kind === 'link' && socialNetworkOf(item.url));
  const SectionHeading = headingLevel === 1 ? 'h2' : 'h3';
  // Decided from the items alone, so the server's HTML and the hydrating browser draw the same.
  const earns = visible.some((item) => trackedCodeOf(item) !== null);
  const earner = ownerName?.trim() || title;
  // In the editor's preview the page sits inside a region, where a complementary landmark may not
  // nest (axe: landmark-complementary-is-top-level): there it is a plain, labelled block.
  const DisclosureBox = headingLevel === 1 ? 'aside' : 'div';
  return (
    <LinkPage theme={theme}>
      <ProfileHeader
        name={title}
        username={username ?? undefined}
        avatarSrc={avatarUrl}
        // Without a picture, the initials are the owner's, not the page title's.
        avatarName={earner}
        // As typed, line breaks included: "Line one⏎Line two" is two lines, here and in the
        // editor's preview alike.
        bio={bio ? <span style={{ whiteSpace: 'pre-line' }}>{bio}</span> : undefined}
        headingLevel={headingLevel}
      />
      {social.length > 0 ? (
        <SocialRow>
          {social.map((item) => (
            <SocialLink
              key={item.id}
              network={socialNetworkOf(item.url)!}
              href={item.url!}
              label={item.label ?? undefined}
            />
          ))}
        </SocialRow>
      ) : null}
      {earns ? (
        // Before the links: a visitor reads it before following one (the FTC asks for a
        // disclosure near, and ahead of, the links it is about).
        <PageDisclosure as={DisclosureBox} headingAs={SectionHeading}>
          {`Some links on this page are affiliate links: ${earner} earns a commission on purchases made through them, at no extra cost to you.`}
        </PageDisclosure>
      ) : null}
      {visible.map((item) => {
        if (item.kind === 'header')
          return (
            <SectionHeading key={item.id} style={{ margin: '0.75rem 0 0', fontSize: '1rem' }}>
              {item.label}
            </SectionHeading>
          );
        if (item.kind === 'link' && item.url && !socialNetworkOf(item.url))
          return (
            <LinkButton key={item.id} href={item.url}>
              {item.label}
            </LinkButton>
          );
        if (item.kind === 'affiliate_link' && item.link_code)
          return (
            <LinkButton key={item.id} href={trackedHref(item.link_code)}>
              {item.label ?? item.link_title ?? 'Shop my pick'}
            </LinkButton>
          );
        if (item.kind === 'product' && item.product_slug)
          return (
            <LinkButton
              key={item.id}
              href={
                item.link_code
                  ? trackedHref(item.link_code)
                  : `/shop/${encodeURIComponent(item.product_slug)}`
              }
            >
              {item.label ?? item.product_name ?? 'View product'}
            </LinkButton>
          );
        // Entries without a public address (a disabled link, or the editor's preview of rows that
        // carry no tracked code) are not shown.
        return null;
      })}
    </LinkPage>
  );
}

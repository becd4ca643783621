/** One `<meta>` tag of a share preview: `attribute="key" content="content"`. */
export interface ShareMetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

/** What a page's share preview says about it. */
export interface SharePage {
  /** The page's absolute URL (its canonical link and `og:url`). */
  canonical: string;
  title: string;
  description: string;
  /** `og:type`: `website` for most pages, `profile` for a creator's link page. */
  type?: string;
  /** An absolute image URL; with one the preview is a large card. */
  image?: string | null;
}

/**
 * The description, Open Graph and Twitter tags of a page's share preview, in the order a head
 * carries them: the same for the pages the build prerenders and for the pages the page-meta
 * function describes (`/@{username}`, `/s/{slug}`).
 */
export function shareMetaTags(page: SharePage): ShareMetaTag[] {
  const tags: ShareMetaTag[] = [
    { attribute: 'name', key: 'description', content: page.description },
    { attribute: 'property', key: 'og:type', content: page.type ?? 'website' },
    { attribute: 'property', key: 'og:site_name', content: 'Verdant' },
    { attribute: 'property', key: 'og:title', content: page.title },
    { attribute: 'property', key: 'og:description', content: page.description },
    { attribute: 'property', key: 'og:url', content: page.canonical },
    {
      attribute: 'name',
      key: 'twitter:card',
      content: page.image ? 'summary_large_image' : 'summary',
    },
    { attribute: 'name', key: 'twitter:title', content: page.title },
    { attribute: 'name', key: 'twitter:description', content: page.description },
  ];
  if (page.image)
    tags.push(
      { attribute: 'property', key: 'og:image', content: page.image },
      { attribute: 'name', key: 'twitter:image', content: page.image },
    );
  return tags;
}

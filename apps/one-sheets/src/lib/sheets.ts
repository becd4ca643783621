/** The printable one-sheets: what each says and where its QR code leads. */
export const SHEETS = {
  'vendor-one-sheet': {
    audience: 'Merchants',
    title: 'Verdant for merchants',
    headline: 'Sell more sustainable products through creators who believe in them',
    lead: 'Verdant connects merchants whose sustainability claims hold up with affiliates who recommend them to audiences that care. You set the terms; every sale is tracked and every split is published.',
    signupPath: '/signup/vendor',
    cta: 'Start your affiliate program',
    points: [
      {
        title: 'Proven claims, not green paint',
        body: 'Every sustainability claim carries evidence, an issuer and an expiry date, reviewed before it shows.',
      },
      {
        title: 'Creators who fit your brand',
        body: 'Affiliates apply to your program; you approve, message and remove them from one dashboard.',
      },
      {
        title: 'Pay only for sales',
        body: 'Commissions are owed only on paid orders; refunds before payout reverse them automatically.',
      },
    ],
  },
  'affiliate-one-sheet': {
    audience: 'Affiliates and creators',
    title: 'Verdant for affiliates',
    headline: 'Earn from the sustainable products you already recommend',
    lead: 'Join programs of vetted sustainable merchants, share tracked links, link-in-bio pages and storefronts, and see every click, sale and commission as it happens.',
    signupPath: '/signup/affiliate',
    cta: 'Join Verdant as an affiliate',
    points: [
      {
        title: 'Merchants worth recommending',
        body: 'Only approved merchants with reviewed sustainability evidence run programs on Verdant.',
      },
      {
        title: 'Links, pages and storefronts',
        body: 'Tracked /go links, a link-in-bio page and curated storefronts, each with live statistics.',
      },
      {
        title: 'Transparent payouts',
        body: 'Commission, cookie window and holding period are stated up front; payouts run on schedule.',
      },
    ],
  },
} as const;

export type SheetName = keyof typeof SHEETS;
export const SHEET_NAMES = Object.keys(SHEETS) as SheetName[];

/** The affiliate disclosure printed on every sheet and shown on every page that links to products. */
export const AFFILIATE_DISCLOSURE =
  'Affiliate disclosure: Verdant affiliates earn a commission when a purchase is made through their links. The price the buyer pays is the same. Affiliates must state the relationship clearly (for example "#ad" or "affiliate link") wherever they share a link.';

/** The PDF files the web server and `npm run one-sheets:pdf` produce: name → page and paper. */
export const PDF_FILES = SHEET_NAMES.flatMap((sheet) => [
  { file: `${sheet}.pdf`, sheet, paper: 'a4' as const },
  { file: `${sheet}-letter.pdf`, sheet, paper: 'letter' as const },
]);

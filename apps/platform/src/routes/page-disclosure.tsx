/**
 * A creator page's disclosure (link page or storefront), in the page theme's colours: a block
 * labelled "Disclosure" with its heading and sentence. `as="div"` makes it a labelled note where
 * a complementary landmark may not nest (inside the editor's preview region).
 */
export function PageDisclosure({
  as: Box = 'aside',
  headingAs: SectionHeading = 'h2',
  children,
}: {
  as?: 'aside' | 'div';
  headingAs?: 'h2' | 'h3';
  children: string;
}) {
  return (
    <Box
      aria-label="Disclosure"
      role={Box === 'div' ? 'note' : undefined}
      style={{
        margin: 0,
        padding: 'var(--space-3) var(--space-4)',
        borderRadius: 'var(--radius-4)',
        background: 'var(--vd-link-surface)',
        boxShadow: 'inset 0 0 0 1px var(--vd-link-border)',
        color: 'var(--vd-link-text)',
        fontSize: 'var(--font-size-2)',
        lineHeight: 'var(--line-height-2)',
        overflowWrap: 'anywhere',
      }}
    >
      <SectionHeading style={{ margin: 0, fontSize: 'inherit', lineHeight: 'inherit' }}>
        Disclosure
      </SectionHeading>
      {/* A readable measure on a wide storefront. */}
      <p style={{ margin: 0, maxWidth: '75ch' }}>{children}</p>
    </Box>
  );
}

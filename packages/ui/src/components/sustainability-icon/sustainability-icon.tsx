import * as React from 'react';

/** The sustainability attributes a product can carry (the `products.sustainability_attributes` values). */
export const sustainabilityAttributes = [
  'recycled',
  'organic',
  'fair-trade',
  'plastic-free',
  'carbon-neutral',
  'local',
  'vegan',
  'refillable',
  'repairable',
  'biodegradable',
  'b-corp',
] as const;

export type SustainabilityAttribute = (typeof sustainabilityAttributes)[number];

/** The glyph families of the kit's sustainability language. */
export type SustainabilityGlyph = 'leaf' | 'seal' | 'cycle' | 'tool';

const attributeInfo: Record<
  SustainabilityAttribute,
  { label: string; glyph: SustainabilityGlyph }
> = {
  recycled: { label: 'Recycled', glyph: 'cycle' },
  organic: { label: 'Organic', glyph: 'leaf' },
  'fair-trade': { label: 'Fair trade', glyph: 'seal' },
  'plastic-free': { label: 'Plastic free', glyph: 'leaf' },
  'carbon-neutral': { label: 'Carbon neutral', glyph: 'seal' },
  local: { label: 'Made locally', glyph: 'leaf' },
  vegan: { label: 'Vegan', glyph: 'leaf' },
  refillable: { label: 'Refillable', glyph: 'cycle' },
  repairable: { label: 'Repairable', glyph: 'tool' },
  biodegradable: { label: 'Biodegradable', glyph: 'leaf' },
  'b-corp': { label: 'B Corp', glyph: 'seal' },
};

export function isSustainabilityAttribute(value: string): value is SustainabilityAttribute {
  return Object.hasOwn(attributeInfo, value);
}

/** The label shown for an attribute, e.g. "Fair trade" for `fair-trade`; unknown values pass through. */
export function sustainabilityAttributeLabel(value: string): string {
  return isSustainabilityAttribute(value) ? attributeInfo[value].label : value;
}

/** The glyph family of an attribute; certified claims are seals, material ones leaves. */
export function sustainabilityGlyph(value: string): SustainabilityGlyph {
  return isSustainabilityAttribute(value) ? attributeInfo[value].glyph : 'leaf';
}

const paths: Record<SustainabilityGlyph, React.ReactNode> = {
  leaf: (
    <>
      <path d="M3 13C3 7 6.5 3 13 2.5 12.6 9 9 12.6 3 13Z" />
      <path d="M3.5 12.5 9 7" />
    </>
  ),
  seal: (
    <>
      <circle cx="8" cy="6.5" r="4.5" />
      <path d="m5.6 11 -.6 3.5 3-1.4 3 1.4-.6-3.5" />
      <path d="m6 6.6 1.4 1.4 2.6-2.7" />
    </>
  ),
  cycle: (
    <>
      <path d="M12.6 6.2A5 5 0 0 0 3.7 5" />
      <path d="M3.4 9.8A5 5 0 0 0 12.3 11" />
      <path d="M3.4 2.6V5.2H6" />
      <path d="M12.6 13.4v-2.6H10" />
    </>
  ),
  tool: (
    <>
      <path d="M10.5 2.2a3.2 3.2 0 0 0-3.8 4.2L2.6 10.5a1.4 1.4 0 0 0 2 2l4.1-4.1a3.2 3.2 0 0 0 4.2-3.8l-2 2-1.7-.4-.4-1.7Z" />
    </>
  ),
};

export interface SustainabilityIconProps extends React.ComponentPropsWithoutRef<'svg'> {
  /** The glyph family, or an attribute whose family is looked up. */
  glyph: SustainabilityGlyph | SustainabilityAttribute;
  size?: number;
}

const glyphs = new Set<string>(['leaf', 'seal', 'cycle', 'tool']);

/** A 16 px line glyph of the sustainability language (decorative: hidden from assistive technology). */
export const SustainabilityIcon = React.forwardRef<SVGSVGElement, SustainabilityIconProps>(
  function SustainabilityIcon({ glyph, size = 15, className, ...rest }, ref) {
    const family = glyphs.has(glyph) ? (glyph as SustainabilityGlyph) : sustainabilityGlyph(glyph);
    return (
      <svg
        ref={ref}
        viewBox="0 0 16 16"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable="false"
        data-slot="sustainability-icon"
        data-glyph={family}
        className={['vd-sustainability-icon', className].filter(Boolean).join(' ')}
        {...rest}
      >
        {paths[family]}
      </svg>
    );
  },
);

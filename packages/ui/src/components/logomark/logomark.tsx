import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';

export const logomarkVariants = cva('vd-logomark', {
  variants: {
    tone: { brand: 'vd-logomark--brand', mono: 'vd-logomark--mono' },
  },
  defaultVariants: { tone: 'brand' },
});

export interface LogomarkProps
  extends
    Omit<React.ComponentPropsWithoutRef<'svg'>, 'children'>,
    VariantProps<typeof logomarkVariants> {
  /** Width and height in pixels (or any CSS length). */
  size?: number | string;
  /**
   * The accessible name, e.g. "Verdant". Without it the mark is decorative and hidden from
   * assistive technology (use that when the brand name is written next to it).
   */
  title?: string;
}

/**
 * The Verdant logomark: a leaf whose vein turns into a rising line, drawn in the brand gradient
 * (`tone="mono"` paints it in the current text colour).
 */
export const Logomark = React.forwardRef<SVGSVGElement, LogomarkProps>(function Logomark(
  { size = 32, title, tone, className, ...rest },
  ref,
) {
  const id = React.useId().replace(/:/g, '');
  const gradientId = `vd-logomark-${id}`;
  const fill = tone === 'mono' ? 'currentColor' : `url(#${gradientId})`;
  return (
    <svg
      ref={ref}
      viewBox="0 0 32 32"
      width={size}
      height={size}
      data-slot="logomark"
      className={logomarkVariants({ tone, className })}
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      focusable="false"
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      <defs>
        <linearGradient
          id={gradientId}
          x1="4"
          y1="28"
          x2="28"
          y2="4"
          gradientUnits="userSpaceOnUse"
        >
          <stop offset="0" stopColor="var(--vd-green, #34d399)" />
          <stop offset="0.5" stopColor="var(--vd-teal, #22b8a6)" />
          <stop offset="1" stopColor="var(--vd-blue, #3b82f6)" />
        </linearGradient>
      </defs>
      {/* The leaf. */}
      <path d="M5 27C5 14 13 5 28 4c-1 15-10 23-23 23Z" fill={fill} data-slot="logomark-leaf" />
      {/* The vein, cut out of the leaf as a rising line. */}
      <path
        d="M8.5 23.5 14 18l3 3 6.5-8.5"
        fill="none"
        stroke="var(--vd-logomark-cut, #0b1511)"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
});

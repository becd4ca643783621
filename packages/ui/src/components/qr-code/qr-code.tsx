import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { Logomark } from '../logomark/logomark.tsx';
import { qrMatrix } from './qr-path.ts';

export const qrCodeVariants = cva('vd-qr-code', {
  variants: {
    /** `framed` puts the code on a rounded white card, as on dark pages; `plain` for print. */
    frame: { framed: 'vd-qr-code--framed', plain: '' },
  },
  defaultVariants: { frame: 'framed' },
});

export interface QRCodeProps
  extends
    Omit<React.ComponentPropsWithoutRef<'svg'>, 'children'>,
    VariantProps<typeof qrCodeVariants> {
  /** The text or URL to encode. */
  value: string;
  /** Rendered width and height in CSS pixels (or any CSS length). */
  size?: number | string;
  /** Accessible name; say where the code leads, e.g. "QR code for your storefront". */
  label?: string;
  /**
   * Error correction level; `H` survives a logo or a worn print. Defaults to `H` with the logomark
   * (it covers the centre) and `M` without. With the logomark, `L` and `M` are raised to `Q`: they
   * cannot restore the modules the tile hides, and the code would not scan.
   */
  errorCorrection?: 'L' | 'M' | 'Q' | 'H';
  /** The Verdant logomark on a light tile at the centre (default). Pass `false` for a bare code. */
  logo?: boolean;
  /** Colour of the dark modules. Keep strong contrast with `background` or phones will not scan it. */
  foreground?: string;
  background?: string;
}

/**
 * A QR code as crisp SVG (scales for print without blurring), always dark modules on a light
 * background with a quiet zone, because that is what scanners expect — also on the dark theme.
 */
export const QRCode = React.forwardRef<SVGSVGElement, QRCodeProps>(function QRCode(
  {
    value,
    size = 160,
    label,
    logo = true,
    errorCorrection = logo ? 'H' : 'M',
    foreground = '#0b0f0c',
    background = '#ffffff',
    frame,
    className,
    ...rest
  },
  ref,
) {
  const ecc = logo && (errorCorrection === 'L' || errorCorrection === 'M') ? 'Q' : errorCorrection;
  const matrix = React.useMemo(() => qrMatrix(value, { ecc }), [value, ecc]);
  return (
    <svg
      ref={ref}
      role="img"
      aria-label={label ?? `QR code for ${value}`}
      viewBox={`0 0 ${matrix.size} ${matrix.size}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      data-slot="qr-code"
      className={qrCodeVariants({ frame, className })}
      {...rest}
    >
      <rect width={matrix.size} height={matrix.size} fill={background} />
      <path d={matrix.path} fill={foreground} />
      {logo ? <QRLogo modules={matrix.size} background={background} /> : null}
    </svg>
  );
});

/** Share of the code's width (quiet zone included) the centre tile takes: about 5 % of the data area, far below what level H restores. */
const LOGO_SHARE = 0.2;

function QRLogo({ modules, background }: { modules: number; background: string }) {
  // A whole number of modules, odd so the tile sits on the centre module.
  const tile = Math.max(3, Math.round((modules * LOGO_SHARE) / 2) * 2 + 1);
  const start = (modules - tile) / 2;
  const inset = tile * 0.14;
  return (
    <g data-slot="qr-code-logo" shapeRendering="geometricPrecision">
      <rect x={start} y={start} width={tile} height={tile} rx={tile * 0.22} fill={background} />
      <Logomark
        x={start + inset}
        y={start + inset}
        size={tile - inset * 2}
        style={{ ['--vd-logomark-cut' as string]: background }}
      />
    </g>
  );
}

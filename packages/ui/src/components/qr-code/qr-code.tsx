import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { qrMatrix } from './qr-path';

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
  /** Error correction level; `H` survives a logo or a worn print. */
  errorCorrection?: 'L' | 'M' | 'Q' | 'H';
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
    errorCorrection = 'M',
    foreground = '#0b0f0c',
    background = '#ffffff',
    frame,
    className,
    ...rest
  },
  ref,
) {
  const matrix = React.useMemo(
    () => qrMatrix(value, { ecc: errorCorrection }),
    [value, errorCorrection],
  );
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
    </svg>
  );
});

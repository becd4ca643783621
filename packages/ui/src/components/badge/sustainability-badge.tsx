import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { composeRefs } from '../../utils/index.ts';
import { claimLook } from './claim-look.ts';
import { claimStatus } from './sustainability.ts';
import {
  SustainabilityIcon,
  type SustainabilityAttribute,
  type SustainabilityGlyph,
} from '../sustainability-icon/sustainability-icon.tsx';

// The evidence drawer (Radix's dialog with its focus trap and scroll lock) is a module of its own,
// loaded when a badge is first hovered, focused or activated: pages full of badges render without it.
const loadDrawer = () => import('./sustainability-evidence-drawer.tsx');
const SustainabilityEvidenceDrawer = React.lazy(loadDrawer);

export const sustainabilityBadgeVariants = cva('vd-sustainability-badge', {
  variants: {
    size: { '1': 'vd-sustainability-badge--size-1', '2': 'vd-sustainability-badge--size-2' },
  },
  defaultVariants: { size: '2' },
});

export interface SustainabilityBadgeProps
  extends
    Omit<React.ComponentPropsWithoutRef<'button'>, 'children'>,
    VariantProps<typeof sustainabilityBadgeVariants> {
  /** The claim, e.g. "Carbon neutral shipping". */
  claim: string;
  /** Who certified it, e.g. "Climate Partner". */
  issuer: string;
  /** When the certificate ends; omit it (or pass null) for a certificate without an end date. */
  expiresAt?: Date | string | null;
  /**
   * A link to the evidence, rendered through `asChild` so any link component works:
   * `<a href="…">View certificate</a>` or a router link.
   */
  evidenceLink?: React.ReactElement;
  /** Reference time for the expiry state; defaults to now. */
  now?: Date;
  /**
   * The claim type: an attribute (`carbon-neutral`, `recycled`, …) or a glyph family. It picks the
   * badge's icon (seals for certifications, leaves for materials, cycles, tools); default `seal`.
   */
  claimType?: SustainabilityAttribute | SustainabilityGlyph;
  /** More evidence for the drawer, e.g. the scope of the certificate or a CO2e figure. */
  details?: React.ReactNode;
}

/**
 * A sustainability claim badge: the claim type's icon, the claim and its status colour. Activating
 * it (click, Enter or Space) opens the evidence drawer with the claim, its status, issuer, expiry,
 * further details and a link to the evidence; Escape or "Close" returns to the badge.
 */
export const SustainabilityBadge = React.forwardRef<HTMLButtonElement, SustainabilityBadgeProps>(
  function SustainabilityBadge(
    {
      claim,
      issuer,
      expiresAt,
      evidenceLink,
      now,
      claimType = 'seal',
      details,
      size,
      className,
      ...rest
    },
    ref,
  ) {
    const status = claimStatus(expiresAt, now);
    const { color, StatusIcon, label } = claimLook(status);
    const badgeRef = React.useRef<HTMLButtonElement>(null);
    const drawerId = React.useId();
    const [open, setOpen] = React.useState(false);
    const [used, setUsed] = React.useState(false);
    return (
      <>
        <button
          ref={composeRefs(ref, badgeRef)}
          type="button"
          data-slot="sustainability-badge"
          data-status={status}
          data-state={open ? 'open' : 'closed'}
          data-accent-color={color}
          aria-label={`${claim}, ${label.toLowerCase()}. Show evidence`}
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? drawerId : undefined}
          className={sustainabilityBadgeVariants({ size, className })}
          {...rest}
          onPointerEnter={(event) => {
            rest.onPointerEnter?.(event);
            void loadDrawer();
          }}
          onFocus={(event) => {
            rest.onFocus?.(event);
            void loadDrawer();
          }}
          onClick={(event) => {
            rest.onClick?.(event);
            if (event.defaultPrevented) return;
            setUsed(true);
            setOpen(true);
          }}
        >
          <SustainabilityIcon glyph={claimType} size={size === '1' ? 13 : 15} />
          <span className="vd-sustainability-badge__claim">{claim}</span>
          {status === 'valid' ? null : (
            <StatusIcon aria-hidden className="vd-sustainability-badge__status-mark" />
          )}
        </button>
        {used ? (
          <React.Suspense fallback={null}>
            <SustainabilityEvidenceDrawer
              open={open}
              onOpenChange={setOpen}
              badgeRef={badgeRef}
              id={drawerId}
              claim={claim}
              issuer={issuer}
              expiresAt={expiresAt}
              now={now}
              claimType={claimType}
              details={details}
              evidenceLink={evidenceLink}
            />
          </React.Suspense>
        ) : null}
      </>
    );
  },
);

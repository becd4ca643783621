import * as React from 'react';

export const emptyStateIllustrations = [
  'links',
  'products',
  'sales',
  'search',
  'messages',
  'lost',
] as const;
export type EmptyStateIllustrationName = (typeof emptyStateIllustrations)[number];

/** The motif drawn on the card of each illustration, in the brand's line style. */
const motifs: Record<EmptyStateIllustrationName, React.ReactNode> = {
  links: (
    <>
      <path d="M52 62a10 10 0 0 1 0-14l8-8a10 10 0 0 1 14 14l-4 4" />
      <path d="M68 58a10 10 0 0 1 0 14l-8 8a10 10 0 0 1-14-14l4-4" />
    </>
  ),
  products: (
    <>
      <path d="M46 50h28l-3 30H49Z" />
      <path d="M54 50a6 6 0 0 1 12 0" />
    </>
  ),
  sales: (
    <>
      <path d="M44 78V64M54 78V56M64 78V60M74 78V48" />
      <path d="M42 52l12-8 10 6 12-10" />
    </>
  ),
  search: (
    <>
      <circle cx="57" cy="58" r="11" />
      <path d="m65 66 9 9" />
    </>
  ),
  messages: (
    <>
      <path d="M44 48h32v22H58l-8 7v-7h-6Z" />
      <path d="M51 56h18M51 62h12" />
    </>
  ),
  lost: (
    <>
      <path d="M60 44v36" />
      <path d="M60 50h14l4 5-4 5H60" />
      <path d="M60 62H47l-4 5 4 5h13" />
    </>
  ),
};

export interface EmptyStateIllustrationProps extends React.ComponentPropsWithoutRef<'svg'> {
  name: EmptyStateIllustrationName;
}

/** A small decorative scene (a card on a soft brand glow with a leaf) for empty and error states. */
export function EmptyStateIllustration({ name, className, ...rest }: EmptyStateIllustrationProps) {
  const id = React.useId().replace(/:/g, '');
  return (
    <svg
      viewBox="0 0 120 110"
      width="120"
      height="110"
      aria-hidden
      focusable="false"
      data-slot="empty-state-illustration"
      data-illustration={name}
      className={['vd-empty-state-illustration', className].filter(Boolean).join(' ')}
      {...rest}
    >
      <defs>
        <radialGradient id={`${id}-glow`} cx="50%" cy="55%" r="50%">
          <stop offset="0" stopColor="var(--vd-green, #34d399)" stopOpacity="0.28" />
          <stop offset="1" stopColor="var(--vd-blue, #3b82f6)" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-line`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--vd-green, #34d399)" />
          <stop offset="1" stopColor="var(--vd-blue, #3b82f6)" />
        </linearGradient>
      </defs>
      <ellipse cx="60" cy="62" rx="56" ry="44" fill={`url(#${id}-glow)`} />
      <rect
        x="32"
        y="30"
        width="56"
        height="64"
        rx="10"
        fill="var(--gray-3, #1c1d20)"
        stroke="var(--gray-a6, #ffffff2a)"
      />
      <g
        fill="none"
        stroke={`url(#${id}-line)`}
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {motifs[name]}
      </g>
      <path d="M86 26c0-8 6-14 16-14-1 9-7 15-16 14Z" fill={`url(#${id}-line)`} opacity="0.9" />
      <circle cx="24" cy="40" r="3" fill="var(--vd-blue, #3b82f6)" opacity="0.6" />
      <circle cx="98" cy="86" r="2" fill="var(--vd-green, #34d399)" opacity="0.7" />
    </svg>
  );
}

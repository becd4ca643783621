import type { ReportReason } from '@verdant/api-client';

/**
 * A stored vocabulary value in words for a badge or a list: `in_transit` → "In transit",
 * `home-goods` → "Home goods". The database keeps lower-case machine values; people read these.
 */
export function valueLabel(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A report's reason as the reporter chose it and the moderators read it. */
export const REPORT_REASON_LABELS = {
  spam: 'Spam',
  harassment: 'Harassment',
  misinformation: 'Misinformation',
  greenwashing: 'Greenwashing (unsupported green claims)',
  other: 'Something else',
} as const satisfies Record<ReportReason, string>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * The session warning's time (spec §2): days and hours from one day up, hours and minutes from one hour
 * up, otherwise minutes. Whole units, rounded down, except that time left under a minute reads
 * "1 minute" (the session has not expired yet).
 */
export function formatRemaining(ms: number): string {
  const remaining = Number.isFinite(ms) ? Math.max(0, ms) : 0;
  if (remaining >= DAY) {
    return `${unit(Math.floor(remaining / DAY), 'day')} and ${unit(Math.floor((remaining % DAY) / HOUR), 'hour')}`;
  }
  if (remaining >= HOUR) {
    return `${unit(Math.floor(remaining / HOUR), 'hour')} and ${unit(Math.floor((remaining % HOUR) / MINUTE), 'minute')}`;
  }
  const minutes = Math.floor(remaining / MINUTE);
  return unit(remaining > 0 ? Math.max(1, minutes) : 0, 'minute');
}

/**
 * The daily payout run. Hosted Supabase runs `public.run_scheduled_payouts()` from pg_cron (see
 * the migration that defines it); the embedded Postgres has no pg_cron, so the stack runs it itself
 * at the same time of day. The time is `HH:MM` in UTC (VERDANT_PAYOUT_TIME, default 06:00), or
 * `off`.
 */

export const DEFAULT_PAYOUT_TIME = '06:00';

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 86_400_000;

export class PayoutTimeError extends Error {
  constructor(value: string) {
    super(`The payout time must be HH:MM in UTC (00:00 to 23:59) or "off", not "${value}"`);
  }
}

/** The configured time (`HH:MM`, UTC), or null for `off`; throws on anything else. */
export function parsePayoutTime(value: string | undefined): string | null {
  const text = (value ?? DEFAULT_PAYOUT_TIME).trim();
  if (text.toLowerCase() === 'off') return null;
  if (!TIME.test(text)) throw new PayoutTimeError(text);
  return text;
}

/** The first moment after `now` whose UTC time of day is `time` (`HH:MM`). */
export function nextPayoutRun(time: string, now: Date): Date {
  const match = TIME.exec(time);
  if (!match) throw new PayoutTimeError(time);
  const next = new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth(),
      now.getUTCDate(),
      Number(match[1]),
      Number(match[2]),
    ),
  );
  return next.getTime() > now.getTime() ? next : new Date(next.getTime() + DAY_MS);
}

export interface PayoutScheduleOptions {
  /** `HH:MM` in UTC. */
  time: string;
  /** One run; resolves with the number of payouts it made. */
  run: () => Promise<number>;
  log: (line: string) => void;
  now?: () => Date;
}

/**
 * Runs `run` every day at `time` (UTC) until `stop()`. A failed run is logged and the next day's
 * run still happens. The timer does not keep the process alive.
 */
export function schedulePayouts(opts: PayoutScheduleOptions): { stop(): void } {
  const now = opts.now ?? (() => new Date());
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const arm = () => {
    if (stopped) return;
    const delay = Math.max(0, nextPayoutRun(opts.time, now()).getTime() - now().getTime());
    timer = setTimeout(() => {
      opts
        .run()
        .then(
          (payouts) => {
            opts.log(
              `[payouts] scheduled run at ${opts.time} UTC: ${payouts} payout${payouts === 1 ? '' : 's'} made`,
            );
          },
          (error: unknown) => {
            opts.log(`[payouts] scheduled run at ${opts.time} UTC failed: ${String(error)}`);
          },
        )
        .finally(arm);
    }, delay);
    timer.unref?.();
  };
  arm();
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

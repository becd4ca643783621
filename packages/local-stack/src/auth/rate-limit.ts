import { tooManyRequests } from './errors.ts';
import type { RateLimit, RateLimitName } from './settings.ts';

/**
 * Per-IP token buckets: each bucket holds `limit` requests and refills evenly over
 * `windowSeconds`, so a burst of `limit` is allowed and the long-run rate is limit/window.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; updatedAt: number }>();

  constructor(
    private readonly limits: Record<RateLimitName, RateLimit>,
    private readonly now: () => number,
  ) {}

  /** Takes one request from the bucket of `name` and `ip`; throws 429 `over_request_rate_limit` when empty. */
  take(name: RateLimitName, ip: string): void {
    const { limit, windowSeconds } = this.limits[name];
    const key = `${name}\u0000${ip}`;
    const now = this.now();
    const ratePerMs = limit / (windowSeconds * 1000);
    const bucket = this.buckets.get(key) ?? { tokens: limit, updatedAt: now };
    bucket.tokens = Math.min(limit, bucket.tokens + (now - bucket.updatedAt) * ratePerMs);
    bucket.updatedAt = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      const error = tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
      // Seconds until the bucket holds a whole token again (the 429's Retry-After).
      error.retryAfterSeconds = Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerMs / 1000));
      throw error;
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 10_000) this.prune(now);
  }

  /** Forgets full buckets so the map does not grow with every address ever seen. */
  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      const name = key.slice(0, key.indexOf('\u0000')) as RateLimitName;
      const { limit, windowSeconds } = this.limits[name];
      if (bucket.tokens + ((now - bucket.updatedAt) * limit) / (windowSeconds * 1000) >= limit)
        this.buckets.delete(key);
    }
  }
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export interface RateLimit {
  /** Sustained requests per second. */
  perSecond: number;
  /** Requests allowed in a burst. */
  burst: number;
}

const buckets = new Map<string, Bucket>();

export function defaultApiRateLimit(): RateLimit {
  const perSecond = Number(process.env.API_RATE_LIMIT_PER_SECOND ?? 100);
  return { perSecond, burst: Number(process.env.API_RATE_LIMIT_BURST ?? perSecond * 2) };
}

/**
 * Token bucket per key, in process memory: exact for one instance; with N instances behind a
 * balancer the effective limit is N times higher (documented in the README).
 * Returns 0 when the request may pass, else the seconds to wait.
 */
export function takeToken(key: string, limit: RateLimit, now = Date.now()): number {
  const bucket = buckets.get(key) ?? { tokens: limit.burst, updatedAt: now };
  bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * limit.perSecond);
  bucket.updatedAt = now;
  buckets.set(key, bucket);
  if (bucket.tokens >= 1) {
    bucket.tokens -= 1;
    return 0;
  }
  return Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond));
}

/** Gives back a token taken by `takeToken` (never above the burst). */
export function returnToken(key: string, limit: RateLimit): void {
  const bucket = buckets.get(key);
  if (bucket) bucket.tokens = Math.min(limit.burst, bucket.tokens + 1);
}

export function resetRateLimits(): void {
  buckets.clear();
}

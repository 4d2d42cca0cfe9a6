// Webhook settings from the environment, read on each use so tests and benches can change them.

const DEFAULT_RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000];

/** A delivery is tried this many times in all before the webhook is paused (spec, Limits). */
export const MAX_TRIES = 5;
/** Consecutive failed handshakes that pause the webhook (spec, Limits). */
export const MAX_HANDSHAKE_FAILURES = 3;
/** Bytes of a response read at most; the rest is discarded with the socket. */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** Bytes of a response kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 2 * 1024;

function numberEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** Wait after the n-th failed try (index n-1). With 5 tries only the first four values are used. */
export function retryDelaysMs(): number[] {
  const raw = process.env.WEBHOOK_RETRY_DELAYS_MS;
  if (!raw) return DEFAULT_RETRY_DELAYS_MS;
  const parsed = raw.split(',').map((s) => Number(s.trim()));
  return parsed.length && parsed.every((n) => Number.isFinite(n) && n >= 0) ? parsed : DEFAULT_RETRY_DELAYS_MS;
}

export function retryDelayAfter(tryNumber: number): number {
  const delays = retryDelaysMs();
  return delays[Math.min(tryNumber - 1, delays.length - 1)] ?? 0;
}

export const timeoutMs = () => numberEnv('WEBHOOK_TIMEOUT_MS', 5000);
export const handshakeIntervalMs = () => numberEnv('WEBHOOK_HANDSHAKE_INTERVAL_MS', 3_600_000);
export const allowLoopback = () => process.env.WEBHOOK_ALLOW_LOOPBACK === 'true';
/** How often the maintenance job looks for work a dead worker left behind. */
export const sweepIntervalMs = () => numberEnv('WEBHOOK_SWEEP_INTERVAL_MS', 30_000);
/**
 * A webhook job locked for longer than this belongs to a worker that died (every webhook job is
 * bounded by the request timeout), so its lock is released and the job runs again.
 */
export const staleLockMs = () => Math.max(numberEnv('WEBHOOK_STALE_LOCK_MS', 60_000), leaseMs());
/** How long a try may own its delivery: the request timeout plus time to record the result. */
export const leaseMs = () => timeoutMs() + 2000;
/** POST /crm/webhook/test: one call per this many ms per tenant. */
export const testEventIntervalMs = () => numberEnv('WEBHOOK_TEST_INTERVAL_MS', 10_000);

import { HttpError } from './errors';
import { takeToken, type RateLimit } from './rate-limit';

/**
 * Rate limit for routes without a caller identity (`auth: 'none'`): per client address (the first
 * `x-forwarded-for` hop, which Next.js sets from the socket when no proxy did) and, as a backstop
 * that a spoofed header cannot dodge, for the route as a whole. 429 with Retry-After beyond either.
 */
export function limitAnonymous(request: Request, name: string, perClient: RateLimit, overall: RateLimit): void {
  const client = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
  const wait = Math.max(takeToken(`${name}:client:${client}`, perClient), takeToken(`${name}:all`, overall));
  if (wait > 0) throw new HttpError('RATE_LIMITED', { 'retry-after': String(wait) });
}

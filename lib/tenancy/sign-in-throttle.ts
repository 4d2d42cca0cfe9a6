import crypto from 'node:crypto';
import { withPlatform } from '@/lib/db/tenant-tx';
import { sqlOf } from '@/lib/db/sql';

/**
 * Failed sign-ins allowed per client address and per account within a window, across every web
 * process (kept in PostgreSQL): SIGN_IN_MAX_FAILURES_PER_IP (default 20), SIGN_IN_MAX_FAILURES_PER_ACCOUNT
 * (default 10), SIGN_IN_THROTTLE_WINDOW_SECONDS (default 900). Beyond them an attempt is refused
 * before the password is even checked. The account lockout (5 wrong passwords in a row, 15 minutes)
 * is separate; the per-address limit is what stops one client trying one password on many accounts.
 */
export function signInThrottleLimits() {
  return {
    perIp: Number(process.env.SIGN_IN_MAX_FAILURES_PER_IP ?? 20),
    perAccount: Number(process.env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT ?? 10),
    windowMs: Number(process.env.SIGN_IN_THROTTLE_WINDOW_SECONDS ?? 900) * 1000,
  };
}

function keysOf({ ip, email }: { ip: string | null; email: string }): { key: string; limit: number }[] {
  const limits = signInThrottleLimits();
  // The account key is a hash: the throttle table need not hold e-mail addresses.
  const account = { key: `account:${crypto.createHash('sha256').update(email).digest('hex')}`, limit: limits.perAccount };
  return ip ? [{ key: `ip:${ip}`, limit: limits.perIp }, account] : [account];
}

/** Seconds until this client may try again for this account, or 0 when it may try now. */
export async function signInRetryAfter({ ip, email, now = new Date() }: { ip: string | null; email: string; now?: Date }): Promise<number> {
  const { windowMs } = signInThrottleLimits();
  const keys = keysOf({ ip, email });
  const rows = await withPlatform(async (tx) => {
    const result = await sqlOf(tx).query(`SELECT "key", "windowStart", "failures" FROM "SignInThrottle" WHERE "key" = ANY($1::text[])`, [
      keys.map((k) => k.key),
    ]);
    return result.rows as { key: string; windowStart: Date; failures: number }[];
  });
  let wait = 0;
  for (const row of rows) {
    const limit = keys.find((k) => k.key === row.key)!.limit;
    const endsAt = row.windowStart.getTime() + windowMs;
    if (row.failures >= limit && endsAt > now.getTime()) wait = Math.max(wait, Math.ceil((endsAt - now.getTime()) / 1000));
  }
  return wait;
}

/** Counts one failed sign-in for the client address and the account (a window starts at its first failure). */
export async function recordSignInFailure({ ip, email, now = new Date() }: { ip: string | null; email: string; now?: Date }): Promise<void> {
  const { windowMs } = signInThrottleLimits();
  const windowOpenedAfter = new Date(now.getTime() - windowMs);
  await withPlatform(async (tx) => {
    for (const { key } of keysOf({ ip, email })) {
      await tx.$executeRawUnsafe(
        `INSERT INTO "SignInThrottle" AS t ("key", "windowStart", "failures") VALUES ($1, $2, 1)
         ON CONFLICT ("key") DO UPDATE SET
           "failures" = CASE WHEN t."windowStart" <= $3 THEN 1 ELSE t."failures" + 1 END,
           "windowStart" = CASE WHEN t."windowStart" <= $3 THEN $2 ELSE t."windowStart" END`,
        key,
        now,
        windowOpenedAfter,
      );
    }
  });
}

/** Forgets windows that are over (hourly job). */
export async function purgeSignInThrottle({ now = new Date() }: { now?: Date } = {}): Promise<number> {
  const { windowMs } = signInThrottleLimits();
  return withPlatform((tx) => tx.signInThrottle.deleteMany({ where: { windowStart: { lte: new Date(now.getTime() - windowMs) } } }).then((r) => r.count));
}

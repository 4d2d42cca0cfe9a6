import { withPlatform, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor, type ClientInfo } from '@/lib/audit/write-audit';

/** Why a session ended (UserSession.endReason). */
export type SessionEndReason = 'SignOut' | 'SignOutEverywhere' | 'PasswordChanged' | 'Deactivated' | 'Idle' | 'Expired';

/** lastSeenAt is written at most this often, so a busy officer does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Idle timeout (SESSION_IDLE_MINUTES, default 30) and absolute lifetime (SESSION_MAX_HOURS,
 * default 8: a working day) of an officer's session.
 */
export function sessionLimits(): { idleMs: number; maxMs: number } {
  const idle = Number(process.env.SESSION_IDLE_MINUTES ?? 30);
  const max = Number(process.env.SESSION_MAX_HOURS ?? 8);
  if (!(idle > 0) || !(max > 0)) throw new Error('SESSION_IDLE_MINUTES and SESSION_MAX_HOURS must be positive numbers');
  return { idleMs: idle * 60_000, maxMs: max * 3_600_000 };
}

/** A new session for a user who has just signed in, under the user's current sessionVersion. */
export async function openUserSession({
  userId,
  client,
  now = new Date(),
}: {
  userId: string;
  client?: ClientInfo;
  now?: Date;
}): Promise<{ id: string; expiresAt: Date }> {
  const { maxMs } = sessionLimits();
  return withPlatform(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { tenantId: true, sessionVersion: true } });
    return tx.userSession.create({
      data: {
        userId,
        tenantId: user.tenantId,
        sessionVersion: user.sessionVersion,
        ip: client?.ip?.slice(0, 100) ?? null,
        userAgent: client?.userAgent?.slice(0, 500) ?? null,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + maxMs),
      },
      select: { id: true, expiresAt: true },
    });
  });
}

export interface SessionUserRecord {
  id: string;
  email: string;
  displayName: string;
  role: 'admin' | 'officer' | 'rm';
  tenantId: string | null;
  /** MFA is required for this user (an administrator, or their tenant asks it) and not enrolled yet. */
  mfaPending: boolean;
}

export type SessionCheck = { ok: true; user: SessionUserRecord } | { ok: false; reason: 'unknown' | 'ended' | SessionEndReason };

/**
 * Whether the session named by a cookie is still good, and who its user is now (the role as stored,
 * so a changed role applies at once): not ended, opened under the user's current sessionVersion
 * (a password change, a deactivation or "sign out everywhere" bumps it), user active, idle for no
 * longer than the idle timeout and younger than the absolute lifetime. An idle or expired session
 * is ended on the spot. Called by the two session readers only (lib/auth/session.ts for pages,
 * lib/http/session.ts for API routes).
 */
export async function checkUserSession({ sessionId, userId, now = new Date() }: { sessionId: string; userId: string; now?: Date }): Promise<SessionCheck> {
  if (!UUID.test(sessionId) || !UUID.test(userId)) return { ok: false, reason: 'unknown' };
  const { idleMs } = sessionLimits();
  return withPlatform(async (tx) => {
    const row = await tx.userSession.findUnique({
      where: { id: sessionId },
      include: {
        user: {
          select: {
            id: true,
            email: true,
            displayName: true,
            role: true,
            tenantId: true,
            sessionVersion: true,
            deactivatedAt: true,
            mfaEnabledAt: true,
            tenant: { select: { mfaRequired: true } },
          },
        },
      },
    });
    if (!row || row.userId !== userId) return { ok: false, reason: 'unknown' } as const;
    if (row.endedAt) return { ok: false, reason: 'ended' } as const;
    const end = async (reason: SessionEndReason) => {
      await tx.userSession.update({ where: { id: row.id }, data: { endedAt: now, endReason: reason } });
      return { ok: false, reason } as const;
    };
    if (row.user.deactivatedAt) return end('Deactivated');
    if (row.sessionVersion !== row.user.sessionVersion) return end('SignOutEverywhere');
    if (now >= row.expiresAt) return end('Expired');
    if (now.getTime() - row.lastSeenAt.getTime() > idleMs) return end('Idle');
    if (now.getTime() - row.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) await tx.userSession.update({ where: { id: row.id }, data: { lastSeenAt: now } });
    const { sessionVersion: _v, deactivatedAt: _d, mfaEnabledAt, tenant, ...rest } = row.user;
    const mfaPending = (rest.role === 'admin' || tenant?.mfaRequired === true) && mfaEnabledAt === null;
    return { ok: true, user: { ...rest, mfaPending } } as const;
  });
}

/** Sign-out of one session (the user's own), audited with the browser's address. */
export async function endUserSession({ sessionId, client, now = new Date() }: { sessionId: string; client?: ClientInfo; now?: Date }): Promise<boolean> {
  if (!UUID.test(sessionId)) return false;
  return withPlatform(async (tx) => {
    const row = await tx.userSession.findUnique({ where: { id: sessionId } });
    if (!row || row.endedAt) return false;
    await tx.userSession.update({ where: { id: row.id }, data: { endedAt: now, endReason: 'SignOut' } });
    await writeAudit(tx, {
      tenantId: row.tenantId,
      actor: { type: 'user', id: row.userId },
      action: 'auth.sign-out',
      targetType: 'User',
      targetId: row.userId,
      after: { sessionId: row.id },
      client,
    });
    return true;
  });
}

/**
 * Ends every open session of a user except `exceptSessionId` (the caller's own, after a password
 * change): the user's sessionVersion moves on, so even a session this misses (one being opened at
 * this moment) fails its next check; the kept session moves to the new version. Runs in `tx` (the
 * caller's transaction, platform scope) so the change that caused it commits with it.
 */
export async function endUserSessionsIn(
  tx: Tx,
  { userId, reason, exceptSessionId = null, now = new Date() }: { userId: string; reason: SessionEndReason; exceptSessionId?: string | null; now?: Date },
): Promise<number> {
  const user = await tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } }, select: { sessionVersion: true } });
  const ended = await tx.userSession.updateMany({
    where: { userId, endedAt: null, ...(exceptSessionId ? { id: { not: exceptSessionId } } : {}) },
    data: { endedAt: now, endReason: reason },
  });
  if (exceptSessionId)
    await tx.userSession.updateMany({ where: { id: exceptSessionId, userId, endedAt: null }, data: { sessionVersion: user.sessionVersion } });
  return ended.count;
}

/**
 * "Sign out everywhere": ends all of a user's sessions (or all but the caller's own when a user
 * does it for themself), audited in the user's tenant.
 */
export async function endUserSessions({
  userId,
  reason = 'SignOutEverywhere',
  exceptSessionId = null,
  actor,
  requestId,
  client,
}: {
  userId: string;
  reason?: SessionEndReason;
  exceptSessionId?: string | null;
  actor: Actor;
  requestId?: string;
  client?: ClientInfo;
}): Promise<{ endedSessions: number }> {
  return withPlatform(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { tenantId: true } });
    const endedSessions = await endUserSessionsIn(tx, { userId, reason, exceptSessionId });
    await writeAudit(tx, {
      tenantId: user.tenantId,
      actor,
      action: 'auth.sessions-ended',
      targetType: 'User',
      targetId: userId,
      after: { reason, endedSessions, keptSession: exceptSessionId },
      requestId,
      client,
    });
    return { endedSessions };
  });
}

export interface UserSessionView {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** A user's open sessions, newest first (the account page; a user administration screen may reuse it). */
export async function listOpenUserSessions({ userId, now = new Date() }: { userId: string; now?: Date }): Promise<UserSessionView[]> {
  const { idleMs } = sessionLimits();
  return withPlatform(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
    if (!user) return [];
    return tx.userSession.findMany({
      where: { userId, endedAt: null, sessionVersion: user.sessionVersion, expiresAt: { gt: now }, lastSeenAt: { gt: new Date(now.getTime() - idleMs) } },
      orderBy: { createdAt: 'desc' },
      select: { id: true, ip: true, userAgent: true, createdAt: true, lastSeenAt: true, expiresAt: true },
    });
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

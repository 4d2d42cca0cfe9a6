import { hash, verify } from '@node-rs/argon2';
import { AppError } from '@/lib/core/errors';
import { withPlatform, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor, type ClientInfo } from '@/lib/audit/write-audit';
import { createUserInput, type CreateUserInput } from './schemas';
import { endUserSessions, endUserSessionsIn } from './user-sessions';

/** Argon2id with the library's defaults (19 MiB, t=2), the OWASP baseline. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a user without a password yet (invited, link not used). */
export function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) return Promise.resolve(false);
  return verify(passwordHash, password).catch(() => false);
}

export async function createUser(input: CreateUserInput) {
  const parsed = createUserInput.parse(input);
  if (!parsed.tenantSlug && parsed.role !== 'admin') {
    throw AppError.validation('tenant: required for officer and rm users');
  }
  const passwordHash = await hashPassword(parsed.password);
  return withPlatform(async (tx) => {
    const tenant = parsed.tenantSlug ? await tx.tenant.findUnique({ where: { slug: parsed.tenantSlug } }) : null;
    if (parsed.tenantSlug && !tenant) throw AppError.notFound();
    if (await tx.user.findUnique({ where: { email: parsed.email } })) throw new AppError('CONFLICT');
    return tx.user.create({
      data: {
        email: parsed.email,
        displayName: parsed.displayName ?? parsed.email.split('@')[0]!,
        role: parsed.role,
        passwordHash,
        tenantId: tenant?.id ?? null,
      },
      select: { id: true, email: true, role: true, tenantId: true, displayName: true },
    });
  });
}

export interface TenantUserView {
  id: string;
  email: string;
  displayName: string;
  role: 'admin' | 'officer' | 'rm';
  lastLoginAt: Date | null;
  deactivatedAt: Date | null;
  /** Invited by e-mail and no password set yet. */
  invited: boolean;
  mfaEnabled: boolean;
  openSessions: number;
}

/** The users of one tenant with their state, for administrators (platform administrators are not listed). */
export async function listTenantUsers({ tenantId, now = new Date() }: { tenantId: string; now?: Date }): Promise<TenantUserView[]> {
  return withPlatform(async (tx) => {
    const users = await tx.user.findMany({
      where: { tenantId },
      orderBy: [{ displayName: 'asc' }, { email: 'asc' }],
      select: {
        id: true,
        email: true,
        displayName: true,
        role: true,
        lastLoginAt: true,
        deactivatedAt: true,
        sessionVersion: true,
        passwordHash: true,
        mfaEnabledAt: true,
      },
    });
    const open = await tx.userSession.groupBy({
      by: ['userId', 'sessionVersion'],
      where: { tenantId, endedAt: null, expiresAt: { gt: now } },
      _count: { _all: true },
    });
    return users.map(({ sessionVersion, passwordHash, mfaEnabledAt, ...user }) => ({
      ...user,
      invited: passwordHash === null,
      mfaEnabled: mfaEnabledAt !== null,
      openSessions: open.filter((o) => o.userId === user.id && o.sessionVersion === sessionVersion).reduce((n, o) => n + o._count._all, 0),
    }));
  });
}

/** A user of this tenant (another tenant's or a platform administrator is NOT_FOUND). */
async function tenantUser(tx: Tx, tenantId: string, userId: string) {
  if (!UUID.test(userId)) throw AppError.notFound();
  const user = await tx.user.findFirst({ where: { id: userId, tenantId } });
  if (!user) throw AppError.notFound();
  return user;
}

/** An administrator's "sign out everywhere" for a user of their tenant. */
export async function signOutUserEverywhere({ tenantId, userId, actor, requestId }: { tenantId: string; userId: string; actor: Actor; requestId?: string }) {
  await withPlatform((tx) => tenantUser(tx, tenantId, userId));
  return endUserSessions({ userId, reason: 'SignOutEverywhere', actor, requestId });
}

/**
 * Deactivates a user of the tenant: no sign-in, every session ended in the same transaction.
 * An administrator cannot deactivate their own account (409), so a tenant never locks itself out
 * by one click.
 */
export async function deactivateUser({ tenantId, userId, actor, requestId }: { tenantId: string; userId: string; actor: Actor; requestId?: string }) {
  return withPlatform(async (tx) => {
    const user = await tenantUser(tx, tenantId, userId);
    if (actor.type === 'user' && actor.id === userId) throw new AppError('CONFLICT');
    if (user.deactivatedAt) return { deactivated: true as const, endedSessions: 0 };
    await tx.user.update({ where: { id: userId }, data: { deactivatedAt: new Date() } });
    const endedSessions = await endUserSessionsIn(tx, { userId, reason: 'Deactivated' });
    await writeAudit(tx, { tenantId, actor, action: 'user.deactivate', targetType: 'User', targetId: userId, after: { endedSessions }, requestId });
    return { deactivated: true as const, endedSessions };
  });
}

/**
 * Changes the role of a user of the tenant; it applies at once (every session reads the stored
 * role). Your own role → 409 CONFLICT, so the last administrator cannot demote themself by
 * mistake. A user who becomes an administrator must enrol in MFA at their next page. Audited
 * (`user.role-change` with before and after).
 */
export async function changeUserRole({
  tenantId,
  userId,
  role,
  actor,
  requestId,
}: {
  tenantId: string;
  userId: string;
  role: 'admin' | 'officer' | 'rm';
  actor: Actor;
  requestId?: string;
}): Promise<{ id: string; role: 'admin' | 'officer' | 'rm' }> {
  return withPlatform(async (tx) => {
    const user = await tenantUser(tx, tenantId, userId);
    if (actor.type === 'user' && actor.id === userId) throw new AppError('CONFLICT');
    if (user.role !== role) {
      await tx.user.update({ where: { id: userId }, data: { role } });
      await writeAudit(tx, {
        tenantId,
        actor,
        action: 'user.role-change',
        targetType: 'User',
        targetId: userId,
        before: { role: user.role },
        after: { role },
        requestId,
      });
    }
    return { id: userId, role };
  });
}

/** Lets a deactivated user sign in again (with their existing password). */
export async function reactivateUser({ tenantId, userId, actor, requestId }: { tenantId: string; userId: string; actor: Actor; requestId?: string }) {
  return withPlatform(async (tx) => {
    const user = await tenantUser(tx, tenantId, userId);
    if (user.deactivatedAt) {
      await tx.user.update({ where: { id: userId }, data: { deactivatedAt: null, failedLoginCount: 0, lockedUntil: null } });
      await writeAudit(tx, { tenantId, actor, action: 'user.reactivate', targetType: 'User', targetId: userId, requestId });
    }
    return { deactivated: false as const };
  });
}

/**
 * A user changes their own password: the current one must be right (400 naming `currentPassword`
 * otherwise), the new one follows the creation rules and differs from it. Every other session of
 * the user ends; `currentSessionId` (the browser that asked) stays signed in.
 */
export async function changePassword({
  userId,
  currentPassword,
  newPassword,
  currentSessionId,
  client,
  requestId,
}: {
  userId: string;
  currentPassword: string;
  newPassword: string;
  currentSessionId: string | null;
  client?: ClientInfo;
  requestId?: string;
}): Promise<{ endedSessions: number }> {
  const parsed = createUserInput.shape.password.safeParse(newPassword);
  if (!parsed.success) throw AppError.validation(`newPassword: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const user = await withPlatform((tx) => tx.user.findUnique({ where: { id: userId } }));
  if (!user || user.deactivatedAt) throw new AppError('UNAUTHORIZED');
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    await withPlatform((tx) =>
      writeAudit(tx, {
        tenantId: user.tenantId,
        actor: { type: 'user', id: userId },
        action: 'auth.password-change-refused',
        targetType: 'User',
        targetId: userId,
        requestId,
        client,
      }),
    );
    throw AppError.validation('currentPassword: not your current password');
  }
  if (currentPassword === newPassword) throw AppError.validation('newPassword: must differ from the current password');
  const passwordHash = await hashPassword(newPassword);
  return withPlatform(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash, passwordChangedAt: new Date() } });
    const endedSessions = await endUserSessionsIn(tx, { userId, reason: 'PasswordChanged', exceptSessionId: currentSessionId });
    await writeAudit(tx, {
      tenantId: user.tenantId,
      actor: { type: 'user', id: userId },
      action: 'auth.password-changed',
      targetType: 'User',
      targetId: userId,
      after: { endedSessions },
      requestId,
      client,
    });
    return { endedSessions };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An operator sets a user's password from the CLI (`user:set-password`): the way back in for a
 * platform administrator, who has no tenant to send a reset e-mail from. Ends every session of the
 * user and clears a lockout. Audited (`auth.password-set`, actor cli).
 */
export async function setUserPassword({
  email,
  password,
  actor,
}: {
  email: string;
  password: string;
  actor: Actor;
}): Promise<{ id: string; endedSessions: number }> {
  const parsed = createUserInput.shape.password.safeParse(password);
  if (!parsed.success) throw AppError.validation(`password: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const passwordHash = await hashPassword(password);
  return withPlatform(async (tx) => {
    const user = await tx.user.findUnique({ where: { email: email.trim().toLowerCase() } });
    if (!user) throw AppError.notFound();
    await tx.user.update({ where: { id: user.id }, data: { passwordHash, passwordChangedAt: new Date(), failedLoginCount: 0, lockedUntil: null } });
    const endedSessions = await endUserSessionsIn(tx, { userId: user.id, reason: 'PasswordChanged' });
    await writeAudit(tx, { tenantId: user.tenantId, actor, action: 'auth.password-set', targetType: 'User', targetId: user.id, after: { endedSessions } });
    return { id: user.id, endedSessions };
  });
}

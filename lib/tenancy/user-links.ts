import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { withPlatform, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor, type ClientInfo } from '@/lib/audit/write-audit';
import { sealSecret } from '@/lib/webhooks/secret-box';
import { createUserInput, type UserRoleValue } from './schemas';
import { composeUserLinkEmail, USER_LINK_URL_PLACEHOLDER, type UserLinkLanguage } from './user-link-email';
import { endUserSessionsIn } from './user-sessions';
import { hashPassword } from './users';

export type UserLinkKind = 'invite' | 'reset';

/**
 * How long an e-mailed link stays good: `USER_INVITE_TTL_HOURS` (default 72) for an invitation,
 * `PASSWORD_RESET_TTL_MINUTES` (default 60) for a password reset. Fractions are allowed (tests).
 */
export function userLinkTtlMs(kind: UserLinkKind): number {
  if (kind === 'invite') {
    const hours = Number(process.env.USER_INVITE_TTL_HOURS ?? 72);
    return (Number.isFinite(hours) && hours > 0 ? hours : 72) * 3_600_000;
  }
  const minutes = Number(process.env.PASSWORD_RESET_TTL_MINUTES ?? 60);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : 60) * 60_000;
}

/** 256 random bits, base64url: the link's credential. Only its SHA-256 is stored. */
function newLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The page the e-mailed link opens (public, bilingual): /{locale}/set-password/{token}. */
export function userLinkUrl(locale: UserLinkLanguage, token: string): string {
  const base = (process.env.NEXTAUTH_URL ?? `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '3000'}`).replace(/\/+$/, '');
  return `${base}/${locale}/set-password/${token}`;
}

/**
 * Issues a link of `kind` for a user of `tenantId` inside the caller's transaction: revokes the
 * user's earlier open links of that kind, stores the new link's hash and writes the
 * EmailNotification the worker sends over SMTP. The link is sealed into the notification
 * (AES-256-GCM, as for relationship invitations) and erased from it once the e-mail is sent, so the
 * database never holds a usable token.
 */
async function issueUserLink(
  tx: Tx,
  args: { tenantId: string; user: { id: string; email: string; displayName: string }; kind: UserLinkKind; language: UserLinkLanguage; now: Date },
): Promise<{ linkId: string; expiresAt: Date }> {
  const { tenantId, user, kind, language, now } = args;
  const expiresAt = new Date(now.getTime() + userLinkTtlMs(kind));
  const { token, hash } = newLinkToken();
  await tx.userLink.updateMany({ where: { userId: user.id, kind, usedAt: null, revokedAt: null }, data: { revokedAt: now } });
  const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { nameEn: true, nameAr: true } });
  const { subject, body } = composeUserLinkEmail({ kind, language, tenant, name: user.displayName, expiresAt });
  await tx.emailNotification.create({
    data: {
      tenantId,
      kind: kind === 'invite' ? 'user.invite' : 'user.password-reset',
      language,
      recipient: user.email,
      subject,
      body,
      sealed: sealSecret(JSON.stringify({ [USER_LINK_URL_PLACEHOLDER.slice(2, -2)]: userLinkUrl(language, token) }), tenantId),
    },
  });
  const link = await tx.userLink.create({ data: { tenantId, userId: user.id, kind, tokenHash: hash, expiresAt, createdAt: now }, select: { id: true } });
  return { linkId: link.id, expiresAt };
}

async function tenantLanguage(tx: Tx, tenantId: string, wanted?: UserLinkLanguage): Promise<UserLinkLanguage> {
  if (wanted) return wanted;
  const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLanguage: true } });
  return tenant.defaultLanguage === 'ar' ? 'ar' : 'en';
}

/**
 * An administrator invites someone to the tenant with a role: a User without a password (no
 * sign-in possible) and an e-mailed single-use link to set one. Inviting an address that is still
 * only invited in this tenant sends a new link (the old one stops working) and applies the role;
 * any other existing address is 409 CONFLICT (an e-mail belongs to one account across the
 * installation, and the answer does not say whose). Audited (`user.invite`).
 */
export async function inviteUser({
  tenantId,
  email,
  role,
  displayName,
  language,
  actor,
  requestId,
  now = new Date(),
}: {
  tenantId: string;
  email: string;
  role: UserRoleValue;
  displayName?: string;
  language?: UserLinkLanguage;
  actor: Actor;
  requestId?: string;
  now?: Date;
}) {
  const address = createUserInput.shape.email.parse(email.trim());
  return withPlatform(async (tx) => {
    const existing = await tx.user.findUnique({ where: { email: address } });
    if (existing && (existing.tenantId !== tenantId || existing.passwordHash !== null || !existing.invitedAt)) throw new AppError('CONFLICT');
    const name = displayName?.trim() || existing?.displayName || address.split('@')[0]!;
    const user = existing
      ? await tx.user.update({ where: { id: existing.id }, data: { role, displayName: name, invitedAt: now, deactivatedAt: null } })
      : await tx.user.create({ data: { tenantId, email: address, displayName: name, role, passwordHash: null, invitedAt: now } });
    const lang = await tenantLanguage(tx, tenantId, language);
    const { linkId, expiresAt } = await issueUserLink(tx, { tenantId, user, kind: 'invite', language: lang, now });
    await writeAudit(tx, {
      tenantId,
      actor,
      action: existing ? 'user.invite-resend' : 'user.invite',
      targetType: 'User',
      targetId: user.id,
      after: { email: address, role, language: lang, linkId, expiresAt: expiresAt.toISOString() },
      requestId,
    });
    return { id: user.id, email: user.email, displayName: user.displayName, role: user.role, expiresAt };
  });
}

/**
 * An administrator sends a user of the tenant a password-reset link (another tenant's user or a
 * platform administrator → 404; a deactivated user → 409: reactivate first). The current password
 * keeps working until the link is used. Audited (`user.password-reset-sent`).
 */
export async function sendPasswordReset({
  tenantId,
  userId,
  language,
  actor,
  requestId,
  now = new Date(),
}: {
  tenantId: string;
  userId: string;
  language?: UserLinkLanguage;
  actor: Actor;
  requestId?: string;
  now?: Date;
}): Promise<{ expiresAt: Date }> {
  if (!UUID.test(userId)) throw AppError.notFound();
  return withPlatform(async (tx) => {
    const user = await tx.user.findFirst({ where: { id: userId, tenantId } });
    if (!user) throw AppError.notFound();
    if (user.deactivatedAt) throw new AppError('CONFLICT');
    // An invited user who lost the e-mail gets a new invitation, not a reset.
    const kind: UserLinkKind = user.passwordHash === null ? 'invite' : 'reset';
    const lang = await tenantLanguage(tx, tenantId, language);
    const { linkId, expiresAt } = await issueUserLink(tx, { tenantId, user, kind, language: lang, now });
    await writeAudit(tx, {
      tenantId,
      actor,
      action: kind === 'invite' ? 'user.invite-resend' : 'user.password-reset-sent',
      targetType: 'User',
      targetId: userId,
      after: { linkId, expiresAt: expiresAt.toISOString(), language: lang },
      requestId,
    });
    return { expiresAt };
  });
}

/** At most one self-service reset e-mail per account in this many milliseconds. */
const FORGOT_PASSWORD_INTERVAL_MS = 60_000;

/**
 * The least time a "forgot password" request takes, whatever the address: `PASSWORD_RESET_MIN_RESPONSE_MS`
 * (default 500). Issuing a link does more database work than finding no account; answering no
 * sooner than this floor keeps that difference out of the response time (the e-mail itself is sent
 * by the job worker, never inside the request).
 */
export function forgotPasswordMinResponseMs(): number {
  const ms = Number(process.env.PASSWORD_RESET_MIN_RESPONSE_MS ?? 500);
  return Number.isFinite(ms) && ms >= 0 ? ms : 500;
}

/**
 * "Forgot password" from the sign-in page. Always answers the same, whether or not the address
 * belongs to an account, so it cannot be used to find accounts. An active user of a tenant with a
 * password gets a reset link (at most one a minute); nothing is sent for an unknown address, a
 * deactivated or still-invited user, or a platform administrator (who has no tenant to send
 * e-mail from: an operator uses `npm run crm -- user:set-password`). Every request is audited
 * with the client's address (`auth.password-reset-requested`, with what was done). The answer
 * never comes sooner than forgotPasswordMinResponseMs(), so its timing does not tell either.
 */
export async function requestPasswordReset({
  email,
  language,
  client,
  now = new Date(),
}: {
  email: string;
  language: UserLinkLanguage;
  client?: ClientInfo;
  now?: Date;
}): Promise<void> {
  const started = performance.now();
  try {
    await recordPasswordResetRequest({ email, language, client, now });
  } finally {
    // Every outcome (sent, unknown, too soon, deactivated, a failure) answers after the same floor.
    const wait = forgotPasswordMinResponseMs() - (performance.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

async function recordPasswordResetRequest({ email, language, client, now }: { email: string; language: UserLinkLanguage; client?: ClientInfo; now: Date }) {
  const address = email.trim().toLowerCase().slice(0, 320);
  await withPlatform(async (tx) => {
    const user = await tx.user.findUnique({ where: { email: address } });
    let outcome: string;
    if (!user) outcome = 'unknown-user';
    else if (!user.tenantId) outcome = 'platform-admin';
    else if (user.deactivatedAt) outcome = 'deactivated';
    else if (user.passwordHash === null) outcome = 'invited';
    else {
      const recent = await tx.userLink.findFirst({
        where: { userId: user.id, kind: 'reset', createdAt: { gt: new Date(now.getTime() - FORGOT_PASSWORD_INTERVAL_MS) } },
        select: { id: true },
      });
      if (recent) outcome = 'too-soon';
      else {
        await issueUserLink(tx, { tenantId: user.tenantId, user, kind: 'reset', language, now });
        outcome = 'sent';
      }
    }
    await writeAudit(tx, {
      tenantId: user?.tenantId ?? null,
      actor: { type: 'anonymous' },
      action: 'auth.password-reset-requested',
      targetType: 'User',
      targetId: user?.id ?? null,
      after: user ? { outcome } : { outcome, email: address },
      client,
    });
  });
}

export type UserLinkState = 'valid' | 'expired' | 'used' | 'unknown';

export interface UserLinkView {
  state: UserLinkState;
  kind: UserLinkKind | null;
  email: string | null;
  tenant: { nameEn: string; nameAr: string | null } | null;
  expiresAt: Date | null;
}

/**
 * What the set-password page shows for a token: valid (with the e-mail and tenant), expired, used
 * (or replaced by a newer link) or unknown. A tampered token is unknown.
 */
export async function getUserLink({ token, now = new Date() }: { token: string; now?: Date }): Promise<UserLinkView> {
  const none: UserLinkView = { state: 'unknown', kind: null, email: null, tenant: null, expiresAt: null };
  if (!TOKEN.test(token)) return none;
  return withPlatform(async (tx) => {
    const link = await tx.userLink.findUnique({
      where: { tokenHash: hashLinkToken(token) },
      include: { user: { select: { email: true, deactivatedAt: true, tenant: { select: { nameEn: true, nameAr: true } } } } },
    });
    if (!link || link.user.deactivatedAt) return none;
    const state: UserLinkState = link.usedAt || link.revokedAt ? 'used' : link.expiresAt <= now ? 'expired' : 'valid';
    return { state, kind: link.kind as UserLinkKind, email: link.user.email, tenant: link.user.tenant, expiresAt: link.expiresAt };
  });
}

/**
 * Sets a password from an e-mailed link, once: the link must exist, be neither used, revoked nor
 * expired, and its user active (otherwise 400 naming `token`). Claiming the link and setting the
 * password commit together, so two tabs cannot both use it. A reset ends every session of the user
 * (the existing session-ending service) and clears a lockout. Audited (`user.invite-accepted`,
 * `auth.password-reset`) with the client's address. No session is opened: the user signs in next
 * (with their second factor when enrolled).
 */
export async function redeemUserLink({
  token,
  password,
  client,
  requestId,
  now = new Date(),
}: {
  token: string;
  password: string;
  client?: ClientInfo;
  requestId?: string;
  now?: Date;
}): Promise<{ kind: UserLinkKind; email: string }> {
  const parsed = createUserInput.shape.password.safeParse(password);
  if (!parsed.success) throw AppError.validation(`password: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  if (!TOKEN.test(token)) throw AppError.validation('token: this link is not valid');
  const passwordHash = await hashPassword(password);
  return withPlatform(async (tx) => {
    const link = await tx.userLink.findUnique({ where: { tokenHash: hashLinkToken(token) }, include: { user: true } });
    if (!link || link.user.deactivatedAt) throw AppError.validation('token: this link is not valid');
    // The claim is the guard: only one request can move usedAt from null.
    const claimed = await tx.userLink.updateMany({
      where: { id: link.id, usedAt: null, revokedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) throw AppError.validation(link.expiresAt <= now ? 'token: this link has expired' : 'token: this link was already used');
    const kind = link.kind as UserLinkKind;
    await tx.user.update({
      where: { id: link.userId },
      data: { passwordHash, passwordChangedAt: now, failedLoginCount: 0, lockedUntil: null },
    });
    // Any other open link of the user (an older reset, an invitation) stops working too.
    await tx.userLink.updateMany({ where: { userId: link.userId, usedAt: null, revokedAt: null }, data: { revokedAt: now } });
    const endedSessions = kind === 'reset' ? await endUserSessionsIn(tx, { userId: link.userId, reason: 'PasswordChanged', now }) : 0;
    await writeAudit(tx, {
      tenantId: link.user.tenantId,
      actor: { type: 'user', id: link.userId },
      action: kind === 'invite' ? 'user.invite-accepted' : 'auth.password-reset',
      targetType: 'User',
      targetId: link.userId,
      after: { linkId: link.id, ...(kind === 'reset' ? { endedSessions } : {}) },
      requestId,
      client,
    });
    return { kind, email: link.user.email };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

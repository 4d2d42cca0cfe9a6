import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { AppError } from '@/lib/core/errors';
import { withPlatform, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor, type ClientInfo } from '@/lib/audit/write-audit';
import { openSecret, sealSecret } from '@/lib/webhooks/secret-box';
import { recordSignInFailure, signInRetryAfter } from './sign-in-throttle';

// TOTP second factor (RFC 6238: SHA-1, 6 digits, 30-second steps, the parameters every
// authenticator app reads from an otpauth:// QR code), with otplib. The secret is sealed with the
// installation's secret key (AES-256-GCM, the user id as associated data, the same mechanism as
// webhook secrets), so a database copy alone does not give anyone the codes.

/** A code of the previous or the next step is accepted too (clock drift of a phone). */
const TOLERANCE_SECONDS = 30;
/** A sign-in's second step: how long it stays open and how many codes it accepts. */
export const MFA_CHALLENGE_TTL_MS = 5 * 60_000;
export const MFA_CHALLENGE_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Compliance CRM';

const aad = (userId: string) => `mfa-user:${userId}`;
const sha256 = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest('hex');
const epochOf = (now: Date) => Math.floor(now.getTime() / 1000);

/** Administrators always; everyone else when their tenant asks for it (Tenant.mfaRequired). */
export function isMfaRequired(user: { role: string; tenant: { mfaRequired: boolean } | null }): boolean {
  return user.role === 'admin' || user.tenant?.mfaRequired === true;
}

async function checkTotp(secret: string, code: string, now: Date, afterTimeStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: epochOf(now),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterTimeStep !== null ? { afterTimeStep } : {}),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) return null;
  return 'timeStep' in result ? result.timeStep : Math.floor(epochOf(now) / 30);
}

/** `ABCDE-FGHJK`: 10 characters of an unambiguous alphabet (50 bits). */
function newRecoveryCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.randomBytes(10);
  const chars = Array.from(bytes, (b) => alphabet[b % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

async function replaceRecoveryCodes(tx: Tx, user: { id: string; tenantId: string | null }, now: Date): Promise<string[]> {
  await tx.mfaRecoveryCode.deleteMany({ where: { userId: user.id } });
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.mfaRecoveryCode.createMany({
    data: codes.map((code) => ({ tenantId: user.tenantId, userId: user.id, codeHash: sha256(normalizeRecoveryCode(code)), createdAt: now })),
  });
  return codes;
}

export interface MfaStatus {
  enabled: boolean;
  required: boolean;
  recoveryCodesLeft: number;
}

export async function getMfaStatus({ userId }: { userId: string }): Promise<MfaStatus> {
  return withPlatform(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { role: true, mfaEnabledAt: true, tenant: { select: { mfaRequired: true } } },
    });
    const recoveryCodesLeft = await tx.mfaRecoveryCode.count({ where: { userId, usedAt: null } });
    return { enabled: user.mfaEnabledAt !== null, required: isMfaRequired(user), recoveryCodesLeft };
  });
}

/**
 * Starts (or restarts) enrolment: a new random secret, kept sealed as pending until confirmed with
 * a code. Answers the secret for manual entry, the otpauth:// URI and its QR code (SVG). Already
 * enrolled → 409 CONFLICT (disable first).
 */
export async function startMfaEnrolment({ userId }: { userId: string }): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
  return withPlatform(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, mfaEnabledAt: true } });
    if (user.mfaEnabledAt) throw new AppError('CONFLICT');
    const secret = generateSecret();
    await tx.user.update({ where: { id: userId }, data: { mfaPendingSecret: sealSecret(secret, aad(userId)) } });
    const otpauthUri = generateURI({ issuer: ISSUER, label: user.email, secret });
    const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { secret, otpauthUri, qrSvg };
  });
}

/** Too many failed codes or passwords from this address or for this account: 429 (the sign-in window). */
async function throttled(user: { email: string }, client: ClientInfo | undefined, now: Date) {
  const wait = await signInRetryAfter({ ip: client?.ip ?? null, email: user.email, now });
  if (wait > 0) throw new AppError('RATE_LIMITED');
}

/**
 * Enrols a user with a given secret, without the confirmation step: for seeded demo and test
 * installations only (e2e/seed.ts), where a browser test computes codes from the known secret.
 */
export async function enrolMfaWithSecret({ userId, secret, now = new Date() }: { userId: string; secret: string; now?: Date }): Promise<void> {
  await withPlatform((tx) =>
    tx.user.update({ where: { id: userId }, data: { mfaSecret: sealSecret(secret, aad(userId)), mfaEnabledAt: now, mfaPendingSecret: null } }),
  );
}

/**
 * Confirms enrolment with a code from the app: the pending secret becomes the user's, and ten
 * recovery codes are made, answered once (only their hashes are kept). A wrong code is 400 naming
 * `code`, counted against the sign-in limits (per address and per account: 429 beyond) and audited
 * (`auth.mfa-failed`). Audited (`auth.mfa-enabled`).
 */
export async function confirmMfaEnrolment({
  userId,
  code,
  client,
  now = new Date(),
}: {
  userId: string;
  code: string;
  client?: ClientInfo;
  now?: Date;
}): Promise<{ recoveryCodes: string[] }> {
  const user = await withPlatform((tx) => tx.user.findUniqueOrThrow({ where: { id: userId } }));
  if (user.mfaEnabledAt) throw new AppError('CONFLICT');
  if (!user.mfaPendingSecret) throw AppError.validation('code: start the enrolment first');
  await throttled(user, client, now);
  const step = await checkTotp(openSecret(user.mfaPendingSecret, aad(userId)), code.trim(), now, null);
  if (step === null) {
    await recordSignInFailure({ ip: client?.ip ?? null, email: user.email, now });
    await withPlatform((tx) => audit(tx, user, 'auth.mfa-failed', { stage: 'enrolment' }, client));
    throw AppError.validation('code: not the code your app shows');
  }
  return withPlatform(async (tx) => {
    await tx.user.update({
      where: { id: userId },
      data: { mfaSecret: user.mfaPendingSecret, mfaPendingSecret: null, mfaEnabledAt: now, mfaLastTimeStep: step },
    });
    const recoveryCodes = await replaceRecoveryCodes(tx, user, now);
    await audit(tx, user, 'auth.mfa-enabled', { recoveryCodes: RECOVERY_CODE_COUNT }, client);
    return { recoveryCodes };
  });
}

function audit(tx: Tx, user: { id: string; tenantId: string | null }, action: string, after: Record<string, unknown>, client?: ClientInfo, actor?: Actor) {
  return writeAudit(tx, {
    tenantId: user.tenantId,
    actor: actor ?? { type: 'user', id: user.id },
    action,
    targetType: 'User',
    targetId: user.id,
    after,
    client,
  });
}

/**
 * Checks a second-factor code of an enrolled user: a TOTP code (once per time step: a replayed
 * code is refused) or an unused recovery code (then spent). Answers how it matched, or null.
 */
async function checkSecondFactor(tx: Tx, user: { id: string; mfaSecret: string | null; mfaLastTimeStep: number | null }, code: string, now: Date) {
  if (!user.mfaSecret) return null;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = await checkTotp(openSecret(user.mfaSecret, aad(user.id)), trimmed, now, user.mfaLastTimeStep);
    if (step === null) return null;
    // Compare-and-set on the last step: two requests with the same code cannot both pass.
    const moved = await tx.user.updateMany({
      where: { id: user.id, OR: [{ mfaLastTimeStep: null }, { mfaLastTimeStep: { lt: step } }] },
      data: { mfaLastTimeStep: step },
    });
    return moved.count === 1 ? ('totp' as const) : null;
  }
  const normalized = normalizeRecoveryCode(trimmed);
  if (normalized.length !== 10) return null;
  const spent = await tx.mfaRecoveryCode.updateMany({ where: { userId: user.id, codeHash: sha256(normalized), usedAt: null }, data: { usedAt: now } });
  return spent.count === 1 ? ('recovery' as const) : null;
}

/**
 * Turns MFA off for the signed-in user, with a current code or a recovery code. Not allowed while
 * it is required for them (administrators, tenants that require it) → 409 CONFLICT. Audited
 * (`auth.mfa-disabled`).
 */
export async function disableMfa({ userId, code, client, now = new Date() }: { userId: string; code: string; client?: ClientInfo; now?: Date }) {
  const user = await withPlatform((tx) => tx.user.findUniqueOrThrow({ where: { id: userId }, include: { tenant: { select: { mfaRequired: true } } } }));
  if (!user.mfaEnabledAt) return { enabled: false as const };
  if (isMfaRequired(user)) throw new AppError('CONFLICT');
  await throttled(user, client, now);
  const ok = await withPlatform(async (tx) => {
    const how = await checkSecondFactor(tx, user, code, now);
    if (!how) return false;
    await tx.user.update({ where: { id: userId }, data: { mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastTimeStep: null } });
    await tx.mfaRecoveryCode.deleteMany({ where: { userId } });
    await audit(tx, user, 'auth.mfa-disabled', { with: how }, client);
    return true;
  });
  if (!ok) {
    await recordSignInFailure({ ip: client?.ip ?? null, email: user.email, now });
    await withPlatform((tx) => audit(tx, user, 'auth.mfa-failed', { stage: 'disable' }, client));
    throw AppError.validation('code: not a valid code');
  }
  return { enabled: false as const };
}

/**
 * An administrator clears the second factor of a user of the tenant who lost their phone: they
 * enrol again at their next sign-in (required) or may. Their sessions end. Audited (`user.mfa-reset`).
 */
export async function resetUserMfa({ tenantId, userId, actor, requestId }: { tenantId: string | null; userId: string; actor: Actor; requestId?: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw AppError.notFound();
  return withPlatform(async (tx) => {
    const user = await tx.user.findFirst({ where: { id: userId, tenantId } });
    if (!user) throw AppError.notFound();
    if (actor.type === 'user' && actor.id === userId) throw new AppError('CONFLICT');
    await tx.user.update({
      where: { id: userId },
      data: { mfaSecret: null, mfaPendingSecret: null, mfaEnabledAt: null, mfaLastTimeStep: null, sessionVersion: { increment: 1 } },
    });
    await tx.userSession.updateMany({ where: { userId, endedAt: null }, data: { endedAt: new Date(), endReason: 'SignOutEverywhere' } });
    await tx.mfaRecoveryCode.deleteMany({ where: { userId } });
    await writeAudit(tx, { tenantId, actor, action: 'user.mfa-reset', targetType: 'User', targetId: userId, requestId });
    return { enabled: false as const };
  });
}

/** Whether every user of the tenant must use MFA (administrators always must). Audited (`tenant.mfa-policy`). */
export async function setTenantMfaRequired({
  tenantId,
  required,
  actor,
  requestId,
}: {
  tenantId: string;
  required: boolean;
  actor: Actor;
  requestId?: string;
}) {
  return withPlatform((tx) => applyTenantMfaPolicy(tx, { tenantId, required, actor, requestId }));
}

/**
 * Sets the tenant's policy inside the caller's transaction (the users API and the tenant settings
 * form both do): a change is audited as `tenant.mfa-policy` with before and after; no change, no entry.
 */
export async function applyTenantMfaPolicy(
  tx: Tx,
  { tenantId, required, actor, requestId }: { tenantId: string; required: boolean; actor: Actor; requestId?: string },
) {
  const before = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { mfaRequired: true } });
  if (before.mfaRequired !== required) {
    await tx.tenant.update({ where: { id: tenantId }, data: { mfaRequired: required } });
    await writeAudit(tx, {
      tenantId,
      actor,
      action: 'tenant.mfa-policy',
      targetType: 'Tenant',
      targetId: tenantId,
      before,
      after: { mfaRequired: required },
      requestId,
    });
  }
  return { required };
}

export async function getTenantMfaRequired({ tenantId }: { tenantId: string }): Promise<boolean> {
  return withPlatform(async (tx) => (await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { mfaRequired: true } })).mfaRequired);
}

/**
 * After the right password of an enrolled user: a challenge token for the second step (random,
 * only its hash kept, five minutes, five codes). No session exists until the code is checked.
 */
export async function openMfaChallenge({ user, now = new Date() }: { user: { id: string; tenantId: string | null }; now?: Date }): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await withPlatform((tx) =>
    tx.mfaChallenge.create({
      data: { tenantId: user.tenantId, userId: user.id, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + MFA_CHALLENGE_TTL_MS), createdAt: now },
    }),
  );
  return token;
}

export type MfaChallengeResult =
  | {
      ok: true;
      user: { id: string; email: string; displayName: string; role: 'admin' | 'officer' | 'rm'; tenantId: string | null };
      method: 'totp' | 'recovery';
    }
  | { ok: false; reason: 'invalid' | 'expired' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * The second step of a sign-in: the challenge from the password step and a code (TOTP or
 * recovery). The challenge is good for five minutes and five codes, then it is spent and the
 * sign-in starts over; every wrong code counts against the sign-in limits per address and per
 * account. Audited: `auth.sign-in` (with the method), `auth.recovery-code-used`, `auth.mfa-failed`.
 */
export async function completeMfaChallenge({
  challenge,
  code,
  client,
  now = new Date(),
}: {
  challenge: string;
  code: string;
  client?: ClientInfo;
  now?: Date;
}): Promise<MfaChallengeResult> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return { ok: false, reason: 'expired' };
  const row = await withPlatform((tx) => tx.mfaChallenge.findUnique({ where: { tokenHash: sha256(challenge) }, include: { user: true } }));
  if (!row || row.usedAt || row.expiresAt <= now || row.attempts >= MFA_CHALLENGE_MAX_ATTEMPTS || row.user.deactivatedAt) {
    return { ok: false, reason: 'expired' };
  }
  const { user } = row;
  const wait = await signInRetryAfter({ ip: client?.ip ?? null, email: user.email, now });
  if (wait > 0) {
    await withPlatform((tx) => audit(tx, user, 'auth.sign-in-throttled', { retryAfterSeconds: wait, stage: 'mfa' }, client));
    return { ok: false, reason: 'throttled', retryAfterSeconds: wait };
  }
  const how = await withPlatform(async (tx) => {
    // Count the attempt first (atomically, against parallel requests), then check the code.
    const counted = await tx.mfaChallenge.updateMany({
      where: { id: row.id, usedAt: null, attempts: { lt: MFA_CHALLENGE_MAX_ATTEMPTS } },
      data: { attempts: { increment: 1 } },
    });
    if (counted.count !== 1) return 'spent' as const;
    const method = await checkSecondFactor(tx, user, code, now);
    if (!method) return null;
    await tx.mfaChallenge.update({ where: { id: row.id }, data: { usedAt: now } });
    await tx.user.update({ where: { id: user.id }, data: { failedLoginCount: 0, lockedUntil: null, lastLoginAt: now } });
    if (method === 'recovery') {
      const left = await tx.mfaRecoveryCode.count({ where: { userId: user.id, usedAt: null } });
      await audit(tx, user, 'auth.recovery-code-used', { recoveryCodesLeft: left }, client);
    }
    await audit(tx, user, 'auth.sign-in', { mfa: method }, client);
    return method;
  });
  if (how === 'spent') return { ok: false, reason: 'expired' };
  if (!how) {
    await recordSignInFailure({ ip: client?.ip ?? null, email: user.email, now });
    await withPlatform((tx) => audit(tx, user, 'auth.mfa-failed', { stage: 'sign-in', attempt: row.attempts + 1 }, client));
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, user: { id: user.id, email: user.email, displayName: user.displayName, role: user.role, tenantId: user.tenantId }, method: how };
}

import crypto from 'node:crypto';

/** A confirmation link's token: 256 random bits, base64url (43 characters). Shown once, in the e-mail. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

/** Only this is stored: the token is random, so a fast hash is enough (as for API keys). */
export function hashInvitationToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Hours a link stays valid (`RELATIONSHIP_INVITE_TTL_HOURS`, default 168 = 7 days; fractions allowed for tests). */
export function invitationTtlMs(): number {
  const hours = Number(process.env.RELATIONSHIP_INVITE_TTL_HOURS ?? 168);
  return (Number.isFinite(hours) && hours > 0 ? hours : 168) * 3_600_000;
}

/** Public address of the web app, where the e-mailed link points (`NEXTAUTH_URL`). */
export function confirmationUrl(locale: 'en' | 'ar', token: string): string {
  const base = (process.env.NEXTAUTH_URL ?? `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '3000'}`).replace(/\/+$/, '');
  return `${base}/${locale}/relationships/confirm/${token}`;
}

import type { Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { sealSecret } from '@/lib/webhooks/secret-box';
import { composeInvitationEmail, type InvitationLanguage } from './invitation-email';
import { confirmationUrl, invitationTtlMs, newInvitationToken } from './invitation-token';
import type { RelationshipTypeValue } from './relationship-schema';

/**
 * Sends (or re-sends) the confirmation e-mail of one pending relationship, inside the caller's
 * transaction: revokes any earlier link, stores the new link's hash, and writes the
 * EmailNotification that the worker sends over SMTP. The link itself is sealed into the
 * notification (AES-256-GCM) and erased once the e-mail is sent: the database never keeps a usable
 * token.
 */
export async function issueInvitation(
  tx: Tx,
  args: {
    tenantId: string;
    relationship: { id: string; type: RelationshipTypeValue; sourceEntityId: string; targetEntityId: string };
    source: { nameEn: string | null; nameAr: string | null };
    target: { id: string; nameEn: string | null; nameAr: string | null; email: string; gender?: 'Male' | 'Female' | null };
    language: InvitationLanguage;
    actor: Actor;
    requestId?: string;
    resend?: boolean;
  },
): Promise<{ invitationId: string; expiresAt: Date }> {
  const { tenantId, relationship, target, language } = args;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + invitationTtlMs());
  const { token, hash } = newInvitationToken();
  await tx.relationshipInvitation.updateMany({
    where: { tenantId, relationshipId: relationship.id, usedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
  const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { nameEn: true, nameAr: true } });
  const { subject, body } = composeInvitationEmail({ language, tenant, source: args.source, target, type: relationship.type, expiresAt });
  const notification = await tx.emailNotification.create({
    data: {
      tenantId,
      entityId: target.id,
      kind: 'relationship.invite',
      language,
      recipient: target.email,
      subject,
      body,
      sealed: sealSecret(JSON.stringify({ confirmUrl: confirmationUrl(language, token) }), tenantId),
    },
    select: { id: true },
  });
  const invitation = await tx.relationshipInvitation.create({
    data: { tenantId, relationshipId: relationship.id, tokenHash: hash, recipient: target.email, language, expiresAt, notificationId: notification.id },
    select: { id: true },
  });
  await writeAudit(tx, {
    tenantId,
    actor: args.actor,
    action: args.resend ? 'relationship.invitation.resend' : 'relationship.invitation.send',
    targetType: 'Relationship',
    targetId: relationship.id,
    after: { invitationId: invitation.id, recipient: target.email, language, expiresAt: expiresAt.toISOString() },
    requestId: args.requestId,
  });
  return { invitationId: invitation.id, expiresAt };
}

import { AppError, isAppError } from '@/lib/core/errors';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { writeAudit, type Actor } from '@/lib/audit/write-audit';
import { assertAttachmentsExist, createEntity } from '@/lib/entities/create-entity';
import type { CreateEntityInput } from '@/lib/entities/schemas';
import { emitApprovalUpdate } from './approval-events';
import { issueInvitation } from './issue-invitation';
import { selectRelationshipsJson } from './relationship-json';
import { SYSTEM_DECISION_REASONS, type RelationshipOut } from './relationship-schema';
import type { InviteRelationshipsInput } from './schemas';

type Party = {
  id: string;
  type: 'Individual' | 'Organization';
  nameEn: string | null;
  nameAr: string | null;
  email: string | null;
  gender: 'Male' | 'Female' | null;
};
const PARTY = { id: true, type: true, nameEn: true, nameAr: true, email: true, gender: true } as const;

/**
 * POST /entity-relationships/invite: links a source entity to a related party, named by
 * `targetEntityId` or found (identity type and number) or created (a screening entity) from
 * `targetEntity`, with one relationship per item. Each item is Approved at once, or, with
 * `isConfirmationRequired`, PendingTargetApproval with a single-use e-mailed link. All or nothing:
 * one transaction for the related party, every relationship, its files and notes, the e-mails,
 * audit rows and `RelationshipApprovalUpdate` events.
 * Checks in decisions.md's order: 400 (source = target, confirmation without an e-mail address)
 * → 404 (source, target, attachments, notes of this tenant) → 409 (a live relationship of the
 * same source, target and type; an ambiguous identity match).
 */
export async function inviteRelationships({
  tenantId,
  input,
  actor,
  requestId,
}: {
  tenantId: string;
  input: InviteRelationshipsInput;
  actor: Actor;
  requestId?: string;
}): Promise<{ data: RelationshipOut[] }> {
  return withTenant(tenantId, async (tx) => {
    const source = await tx.entity.findFirst({ where: { id: input.sourceEntityId, tenantId }, select: PARTY });
    if (!source) throw AppError.notFound();
    const target = input.targetEntityId
      ? await tx.entity.findFirst({ where: { id: input.targetEntityId, tenantId }, select: PARTY })
      : await findOrCreateTarget(tx, tenantId, input.targetEntity!, actor, requestId);
    if (!target) throw AppError.notFound();
    if (target.id === source.id) throw AppError.validation('targetEntity.identities: names the source entity itself');
    input.relationships.forEach((item, index) => {
      if (item.isConfirmationRequired && !target.email) {
        throw AppError.validation(`relationships.${index}.isConfirmationRequired: the related party has no e-mail address to send the confirmation to`);
      }
    });
    await assertAttachmentsExist(
      tx,
      tenantId,
      input.relationships.flatMap((item) => item.attachmentIds ?? []),
    );
    const noteIds = [...new Set(input.noteIds ?? [])];
    if (noteIds.length && (await tx.note.count({ where: { tenantId, id: { in: noteIds } } })) !== noteIds.length) throw AppError.notFound();
    const live = await tx.relationship.findFirst({
      where: {
        tenantId,
        sourceEntityId: source.id,
        targetEntityId: target.id,
        type: { in: input.relationships.map((item) => item.type) },
        approvalStatus: { in: ['PendingTargetApproval', 'Approved'] },
      },
      select: { id: true },
    });
    if (live) throw new AppError('CONFLICT');

    const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { defaultLanguage: true } });
    const language = input.language ?? (tenant.defaultLanguage === 'ar' ? 'ar' : 'en');
    const now = new Date();
    const ids: string[] = [];
    for (const item of input.relationships) {
      const pending = Boolean(item.isConfirmationRequired);
      let created;
      try {
        created = await tx.relationship.create({
          data: {
            tenantId,
            sourceEntityId: source.id,
            targetEntityId: target.id,
            type: item.type,
            subType: item.subType ?? null,
            approvalStatus: pending ? 'PendingTargetApproval' : 'Approved',
            validFrom: item.validFrom ? new Date(item.validFrom) : null,
            validTo: item.validTo ? new Date(item.validTo) : null,
            isPrimary: item.isPrimary ?? false,
            isAttachmentRequired: item.isAttachmentRequired ?? false,
            isConfirmationRequired: pending,
            preIdVerificationPreference: item.preIdVerificationPreference ?? null,
            uboConnection: item.uboConnection ?? null,
            ownershipPercent: item.ownershipPercent ?? null,
            contributionCountInUnits: item.contribution?.totalCountInUnits ?? null,
            contributionCashInUnits: item.contribution?.totalCashInUnits ?? null,
            contributionInKindInUnits: item.contribution?.totalInKindInUnits ?? null,
            ...(pending ? {} : { decidedBy: 'System', decidedAt: now, decisionReason: SYSTEM_DECISION_REASONS.noConfirmationRequired }),
          },
          select: { id: true, type: true, sourceEntityId: true, targetEntityId: true, tenantId: true },
        });
      } catch (error) {
        // A concurrent request created the same live relationship (Relationship_one_live_per_type).
        if ((error as { code?: string }).code === 'P2002') throw new AppError('CONFLICT');
        throw error;
      }
      const attachmentIds = [...new Set(item.attachmentIds ?? [])];
      if (attachmentIds.length) {
        await tx.relationshipFile.createMany({
          data: attachmentIds.map((attachmentId, position) => ({ tenantId, relationshipId: created.id, attachmentId, position })),
        });
      }
      if (noteIds.length) await tx.relationshipNote.createMany({ data: noteIds.map((noteId) => ({ tenantId, relationshipId: created.id, noteId })) });
      await writeAudit(tx, {
        tenantId,
        actor,
        action: 'relationship.create',
        targetType: 'Relationship',
        targetId: created.id,
        after: { ...item, sourceEntityId: source.id, targetEntityId: target.id, approvalStatus: pending ? 'PendingTargetApproval' : 'Approved', noteIds },
        requestId,
      });
      if (pending) {
        await issueInvitation(tx, {
          tenantId,
          relationship: created,
          source,
          target: { ...target, email: target.email! },
          language,
          actor,
          requestId,
        });
      }
      await emitApprovalUpdate(tx, created, {
        previous: null,
        status: pending ? 'PendingTargetApproval' : 'Approved',
        decidedBy: pending ? null : 'System',
        reason: null,
        at: now,
      });
      ids.push(created.id);
    }
    return { data: await selectRelationshipsJson(tx, tenantId, ids) };
  });
}

/**
 * The related party by identity (type and number) among the tenant's entities, else a new
 * screening entity created through the entity service (its identities get a Pending
 * verification). Identities naming two different entities are a CONFLICT: the caller must say which.
 */
async function findOrCreateTarget(tx: Tx, tenantId: string, details: CreateEntityInput, actor: Actor, requestId?: string): Promise<Party> {
  const identities = details.identities ?? [];
  if (identities.length) {
    const matches = await tx.identity.findMany({
      where: { tenantId, OR: identities.map((identity) => ({ type: identity.type, number: identity.number })) },
      select: { entityId: true },
    });
    const entityIds = [...new Set(matches.map((match) => match.entityId))];
    if (entityIds.length > 1) throw new AppError('CONFLICT');
    if (entityIds.length === 1) return (await tx.entity.findFirst({ where: { id: entityIds[0]!, tenantId }, select: PARTY }))!;
  }
  try {
    const { data } = await createEntity({ tenantId, role: 'Screening', input: details, actor, requestId, tx });
    return { id: data.id, type: data.type, nameEn: data.nameEn, nameAr: data.nameAr, email: data.email, gender: data.gender ?? null };
  } catch (error) {
    // The entity service names its own fields; here they sit under targetEntity.
    if (isAppError(error, 'VALIDATION_ERROR')) throw AppError.validation(...(error.validationErrors ?? []).map((message) => `targetEntity.${message}`));
    throw error;
  }
}

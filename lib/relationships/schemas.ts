import { z } from 'zod';
import { pageOfSchema, pageQuery } from '@/lib/core/pagination';
import { wireTimestamp } from '@/lib/core/format';
import { createScreeningInput, decimalString, hasNoNul } from '@/lib/entities/schemas';
import {
  approvalStatus,
  OWNERSHIP_TYPES,
  preIdVerificationPreference,
  relationshipSchema,
  relationshipSubType,
  relationshipType,
  uboConnection,
} from './relationship-schema';

export * from './relationship-schema';

const timestampInput = z.iso
  .datetime({ offset: true })
  .meta({ description: 'ISO 8601 timestamp; answered as `YYYY-MM-DDTHH:mm:ssZ` (UTC).', example: '2026-01-01T00:00:00Z' });
const units = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const reason = z.string().trim().min(1).max(5000).refine(hasNoNul, 'must not contain NUL (U+0000) characters');

export const relationshipItemInput = z
  .object({
    type: relationshipType.meta({ description: 'Source is the organization or the minor, target the shareholder, officer or guardian.' }),
    subType: relationshipSubType.optional().meta({ description: 'IsFamilyMemberOf only.' }),
    validFrom: timestampInput.optional(),
    validTo: timestampInput.optional(),
    isPrimary: z.boolean().optional(),
    isAttachmentRequired: z.boolean().optional().meta({ description: '`true` needs at least one of `attachmentIds`.' }),
    attachmentIds: z.array(z.uuid()).max(20).optional(),
    isConfirmationRequired: z
      .boolean()
      .optional()
      .meta({ description: '`true`: PendingTargetApproval and an e-mail to the related party (which needs an e-mail address); otherwise Approved at once.' }),
    contribution: z.object({ totalCountInUnits: units.optional(), totalCashInUnits: units.optional(), totalInKindInUnits: units.optional() }).optional(),
    ownershipPercent: decimalString.optional().meta({ description: 'IsShareholderOf and IsBeneficialOwnerOf only: 0–100.', example: '40' }),
    uboConnection: uboConnection.optional(),
    preIdVerificationPreference: preIdVerificationPreference.optional(),
  })
  .superRefine((item, ctx) => {
    if (item.subType && item.type !== 'IsFamilyMemberOf') ctx.addIssue({ code: 'custom', path: ['subType'], message: 'only for IsFamilyMemberOf' });
    if (item.ownershipPercent !== undefined) {
      const percent = Number(item.ownershipPercent);
      if (!OWNERSHIP_TYPES.includes(item.type))
        ctx.addIssue({ code: 'custom', path: ['ownershipPercent'], message: 'only for IsShareholderOf and IsBeneficialOwnerOf' });
      else if (!(percent >= 0 && percent <= 100)) ctx.addIssue({ code: 'custom', path: ['ownershipPercent'], message: 'must be between 0 and 100' });
    }
    if (item.validFrom && item.validTo && Date.parse(item.validFrom) > Date.parse(item.validTo)) {
      ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'must not be before validFrom' });
    }
    if (item.isAttachmentRequired && !item.attachmentIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['attachmentIds'], message: 'at least one attachment is required when isAttachmentRequired is true' });
    }
  });

export type RelationshipItemInput = z.output<typeof relationshipItemInput>;

export const inviteRelationshipsInput = z
  .object({
    sourceEntityId: z.uuid().meta({ description: 'The organization or the minor.' }),
    targetEntityId: z.uuid().optional().meta({ description: 'The related party, when it is already a record; otherwise send `targetEntity`.' }),
    targetEntity: createScreeningInput.optional().meta({
      description:
        "The related party's details (as POST /entities/screening). Found by identity type and number among the tenant's entities, else created as a screening entity; identities sent with documentIds get a Pending verification.",
    }),
    relationships: z.array(relationshipItemInput).min(1).max(20),
    noteIds: z.array(z.uuid()).max(20).optional().meta({ description: 'Notes created with POST /notes, attached to every relationship of the request.' }),
    language: z
      .enum(['en', 'ar'])
      .optional()
      .meta({ description: "Language of the confirmation e-mail (the related party's preference); default the tenant's default language." }),
  })
  .superRefine((body, ctx) => {
    if (!body.targetEntityId && !body.targetEntity) ctx.addIssue({ code: 'custom', path: ['targetEntityId'], message: 'required (or targetEntity)' });
    if (body.targetEntityId && body.targetEntity)
      ctx.addIssue({ code: 'custom', path: ['targetEntity'], message: 'send either targetEntityId or targetEntity, not both' });
    if (body.targetEntityId && body.targetEntityId === body.sourceEntityId) {
      ctx.addIssue({ code: 'custom', path: ['targetEntityId'], message: 'must not be the source entity' });
    }
    const seen = new Map<string, number>();
    body.relationships.forEach((item, index) => {
      const key = `${item.type}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['relationships', index, 'type'], message: `duplicate of relationships.${seen.get(key)} in this request` });
      else seen.set(key, index);
    });
  })
  .meta({ id: 'InviteRelationships' });

export type InviteRelationshipsInput = z.output<typeof inviteRelationshipsInput>;

export const relationshipListEnvelope = z.object({ data: z.array(relationshipSchema) }).meta({ id: 'RelationshipListResponse' });
export const relationshipEnvelope = z.object({ data: relationshipSchema }).meta({ id: 'RelationshipResponse' });
export const relationshipParams = z.object({ relationshipId: z.uuid() });

export const decideOnBehalfInput = z
  .object({
    decision: z.enum(['Approve', 'Reject']),
    reason: reason.meta({ description: "Why the officer decides for the related party (e.g. 'Confirmed by phone on 12 May'); audited." }),
  })
  .meta({ id: 'DecideRelationship' });

export const resendInvitationInput = z
  .object({ language: z.enum(['en', 'ar']).optional().meta({ description: 'Default: the language of the previous invitation.' }) })
  .meta({ id: 'ResendInvitation' });

export const listRelationshipsQuery = pageQuery.extend({
  approvalStatus: approvalStatus.optional(),
  type: relationshipType.optional(),
  entityId: z.uuid().optional().meta({ description: 'Relationships whose source or target is this entity.' }),
  q: z.string().trim().min(1).max(200).refine(hasNoNul).optional().meta({ description: 'Name (either language) or e-mail of either side.' }),
  decidedWithinDays: z.coerce.number().int().min(1).max(365).optional().meta({ description: 'Decided (or expired) within this many days.' }),
});

export type ListRelationshipsQuery = z.output<typeof listRelationshipsQuery>;

/** A relationship in the officers' approval queue: with its latest invitation (not its token). */
export const queuedRelationshipSchema = relationshipSchema
  .extend({
    invitation: z
      .object({ recipient: z.string(), language: z.enum(['en', 'ar']), sentAt: wireTimestamp, expiresAt: wireTimestamp, usedAt: wireTimestamp.nullable() })
      .nullable(),
  })
  .meta({ id: 'QueuedRelationship' });
export type QueuedRelationshipOut = z.infer<typeof queuedRelationshipSchema>;
export const relationshipPage = pageOfSchema(queuedRelationshipSchema).meta({ id: 'RelationshipApprovalPage' });

/** The public confirmation form: the token is the credential (POST /relationship-confirmations). */
export const confirmationForm = z
  .object({
    token: z
      .string()
      .min(20)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/, 'not a confirmation token'),
    decision: z.enum(['Approve', 'Reject']),
    reason: z.string().trim().max(2000).refine(hasNoNul).optional(),
    locale: z.enum(['en', 'ar']).optional(),
  })
  .meta({ id: 'RelationshipConfirmation' });

export const confirmationResult = z
  .object({ data: z.object({ relationshipId: z.uuid(), approvalStatus: approvalStatus }) })
  .meta({ id: 'RelationshipConfirmationResult' });

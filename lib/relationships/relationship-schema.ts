import { z } from 'zod';
import { wireIsoTimestamp, wireTimestamp } from '@/lib/core/format';
import { attachmentSchema } from '@/lib/attachments/schemas';
import { noteSchema } from '@/lib/notes/schemas';

// The Relationship wire shape (built by PostgreSQL: prisma/sql/functions/crm_relationship_json.sql)
// and the profile's beneficial owners. Kept apart from ./schemas.ts because lib/entities/schemas.ts
// embeds them in the Entity, while ./schemas.ts builds on lib/entities/schemas.ts (the invite
// body's `targetEntity`): this file imports nothing from lib/entities.

export const RELATIONSHIP_TYPES = [
  'IsShareholderOf',
  'IsBeneficialOwnerOf',
  'IsDirectorOf',
  'IsAuthorizedSignatoryOf',
  'IsRepresentativeOf',
  'LegalGuardian',
  'IsFamilyMemberOf',
] as const;
export const RELATIONSHIP_SUBTYPES = ['Spouse', 'Parent', 'Child', 'Sibling', 'Other'] as const;
export const APPROVAL_STATUSES = ['PendingTargetApproval', 'Approved', 'Rejected', 'Expired'] as const;
/** Relationships whose `ownershipPercent` counts towards beneficial ownership. */
export const OWNERSHIP_TYPES: readonly string[] = ['IsShareholderOf', 'IsBeneficialOwnerOf'];

export const relationshipType = z.enum(RELATIONSHIP_TYPES);
export const relationshipSubType = z.enum(RELATIONSHIP_SUBTYPES);
export const approvalStatus = z.enum(APPROVAL_STATUSES);
export const uboConnection = z.enum(['Direct', 'Indirect']);
export const preIdVerificationPreference = z.enum(['Manual', 'Automatic']);
export const decidedBy = z.enum(['RelatedParty', 'Officer', 'System']);

/**
 * The reasons the system itself writes when it decides (`decision.by` = `System`), as the API has
 * always answered them (English); the officer app shows each one in the reader's language.
 */
export const SYSTEM_DECISION_REASONS = {
  noConfirmationRequired: 'No confirmation required',
  linkExpired: 'The confirmation link expired',
} as const;
export type SystemDecisionReason = keyof typeof SYSTEM_DECISION_REASONS;

/**
 * The grammatical gender the related party is addressed with (Arabic agrees adjectives and
 * pronouns with it): from the entity's gender when known; `other` (neutral wording) otherwise,
 * organizations included.
 */
export function partyGender(party: { gender?: 'Male' | 'Female' | null }): 'female' | 'male' | 'other' {
  return party.gender === 'Female' ? 'female' : party.gender === 'Male' ? 'male' : 'other';
}

export type RelationshipTypeValue = (typeof RELATIONSHIP_TYPES)[number];
export type ApprovalStatusValue = (typeof APPROVAL_STATUSES)[number];

/** One side of a relationship: the entity's identifying fields (lib/entities/schemas.ts has the whole Entity). */
export const relationshipPartySchema = z
  .object({
    id: z.uuid(),
    crmId: z.string().nullable(),
    role: z.enum(['Client', 'Prospect', 'Screening']),
    type: z.enum(['Individual', 'Organization']),
    nameEn: z.string().nullable(),
    nameAr: z.string().nullable(),
    email: z.string().nullable(),
    status: z.enum(['Active', 'Blocked', 'Deactivated', 'Deceased']),
    nationalityCode: z.string().nullable(),
  })
  .meta({ id: 'RelationshipParty', description: "A summary of one side's Entity (the whole record: GET /entities/{entityId})." });

export const relationshipSchema = z
  .object({
    id: z.uuid(),
    createdAt: wireTimestamp,
    updatedAt: wireTimestamp,
    type: relationshipType,
    subType: relationshipSubType.nullable(),
    approvalStatus: approvalStatus.meta({
      description: 'PendingTargetApproval → Approved | Rejected | Expired; Approved at once when confirmation is not required.',
    }),
    validFrom: wireIsoTimestamp.nullable(),
    validTo: wireIsoTimestamp.nullable(),
    isPrimary: z.boolean(),
    sourceEntityId: z.uuid(),
    targetEntityId: z.uuid(),
    isAttachmentRequired: z.boolean(),
    isConfirmationRequired: z.boolean(),
    preIdVerificationPreference: preIdVerificationPreference.nullable(),
    uboConnection: uboConnection.nullable(),
    ownershipPercent: z.string().nullable().meta({ description: 'Share of the source held by the target, 0–100 (decimal string).', example: '40' }),
    contribution: z
      .object({
        totalCountInUnits: z.number().int().nullable(),
        totalCashInUnits: z.number().int().nullable(),
        totalInKindInUnits: z.number().int().nullable(),
      })
      .nullable(),
    sourceEntity: relationshipPartySchema,
    targetEntity: relationshipPartySchema,
    attachments: z.array(attachmentSchema).meta({ description: 'Supporting documents (`attachmentIds`).' }),
    notes: z.array(noteSchema).meta({ description: 'Notes named by `noteIds` (POST /notes).' }),
    decision: z
      .object({ by: decidedBy, reason: z.string().nullable(), at: wireTimestamp })
      .nullable()
      .meta({ description: 'Who approved, rejected or expired it (RelatedParty through the e-mail link, Officer on its behalf, System on expiry).' }),
  })
  .meta({ id: 'Relationship' });

export type RelationshipOut = z.infer<typeof relationshipSchema>;

export const beneficialOwnerSchema = z
  .object({
    entityId: z.uuid(),
    nameEn: z.string().nullable(),
    nameAr: z.string().nullable(),
    effectivePercent: z.string().meta({ description: 'Effective share, percent with up to 4 decimals.', example: '32' }),
    paths: z
      .array(
        z.object({
          entityIds: z.array(z.uuid()).meta({ description: 'From the owner to the organization.' }),
          effectivePercent: z.string().nullable().meta({ description: 'null when a relationship on the chain has no ownershipPercent.' }),
        }),
      )
      .meta({ description: 'Every ownership chain counted, with its product.' }),
  })
  .meta({ id: 'BeneficialOwner' });

export type BeneficialOwnerOut = z.infer<typeof beneficialOwnerSchema>;

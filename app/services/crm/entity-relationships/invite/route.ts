import { apiRoute, apiRoutes } from '@/lib/http/route';
import { inviteRelationshipsInput, relationshipListEnvelope } from '@/lib/relationships/schemas';
import { inviteRelationships } from '@/lib/relationships/invite-relationships';

export const { GET, POST, PUT, PATCH, DELETE } = apiRoutes({
  // POST /services/crm/entity-relationships/invite – link a source entity to a related party (found or created), one relationship per item
  POST: apiRoute({
    summary: 'Find or create associated entity and link it (relationships)',
    description:
      'The related party is `targetEntityId`, or `targetEntity` (entity details as POST /entities/screening): matched to an existing entity of the tenant by identity type and number, else created as a screening entity. ' +
      'One relationship per item of `relationships`, each with its own `type`, `subType` (IsFamilyMemberOf only), validity, attachments, contribution and `ownershipPercent` (shareholders and beneficial owners, 0–100). ' +
      'An item without `isConfirmationRequired` is `Approved` at once; with it, `PendingTargetApproval` and the related party gets an e-mail (English or Arabic: `language`, else the tenant default) with a single-use link to a public page where it approves or rejects; the link expires after RELATIONSHIP_INVITE_TTL_HOURS (default 168), then the relationship becomes `Expired`. ' +
      '400: source = target, a duplicate type in the request, `isAttachmentRequired` without `attachmentIds`, confirmation for a related party without an e-mail address, validFrom after validTo (each naming the field). ' +
      "404: a source, target, attachment or note that is not this tenant's. 409 CONFLICT: a relationship of the same source, target and type is already Approved or pending, or the identities of `targetEntity` name two different entities. " +
      '`sourceEntity`/`targetEntity` in the answer are summaries of each side (GET /entities/{id} gives the whole record). Every relationship emits `RelationshipApprovalUpdate` and is audited. Answers 201.',
    auth: ['apiKey', 'session'],
    roles: ['admin', 'officer', 'rm'],
    body: inviteRelationshipsInput,
    response: relationshipListEnvelope,
    status: 201,
    errors: ['NOT_FOUND', 'CONFLICT', 'DUPLICATE_CRM_ID'],
    handler: ({ auth, actor, requestId, body }) => inviteRelationships({ tenantId: auth.tenantId, input: body, actor, requestId }),
  }),
});

import { z } from 'zod';
import { wireIsoTimestamp, wireTimestamp } from '@/lib/core/format';

// Every event type a tenant can receive, with the shape of its `data`: the one source of the
// OpenAPI `webhooks` and of what the domains may emit (emitEvent's `data` is typed by these, and
// lib/webhooks/event-payloads.test.ts checks a real payload of every type against them, deep-strict).
// The webhook system wraps `data` in the envelope below and never changes it.

const timestamp = wireTimestamp;

export const eventDataSchemas = {
  IntegrationTestUpdate: z
    .object({ message: z.string(), requestedAt: timestamp })
    .meta({ id: 'IntegrationTestUpdateData', description: 'Sent in response to POST /crm/webhook/test.' }),
  EntityStatusUpdate: z
    .object({
      entityId: z.uuid(),
      crmId: z.string().nullable(),
      previousStatus: z.enum(['Active', 'Blocked', 'Deactivated', 'Deceased']),
      status: z.enum(['Active', 'Blocked', 'Deactivated', 'Deceased']),
      reason: z.string().nullable(),
      changedAt: wireIsoTimestamp,
    })
    .meta({ id: 'EntityStatusUpdateData', description: "A client's status changed (PATCH /entities/client/{entityId}/status)." }),
  MonitoredEntityUpdate: z
    .object({
      entityId: z.uuid(),
      crmId: z.string().nullable(),
      changes: z.array(z.string()).meta({
        description:
          'What changed: `MatchNew` (a new match), `MatchReopened` (a FalsePositive or pending proposal of a changed list entry is Unreviewed again), `MatchUpdated` (re-scored), ' +
          '`MatchRestored` (its entry is listed again), `MatchDeprecated` (its entry was removed or no longer matches), `MatchDecided` (an officer’s decision was approved).',
      }),
      matchId: z.uuid().optional().meta({ description: 'The match (GET /entities/{entityId}/matches, GET /cases/{caseId}).' }),
      caseId: z.uuid().optional(),
      matchStatus: z.enum(['Unreviewed', 'PendingApproval', 'TruePositive', 'FalsePositive']).optional(),
      watchlistSource: z.enum(['ListSourceA', 'ListSourceB', 'Custom']).optional(),
      screeningStatus: z
        .enum(['NotScreened', 'Clear', 'PendingReview', 'Hit'])
        .optional()
        .meta({ description: 'The entity’s screening status after the change.' }),
      matchCount: z.int().optional(),
      caseCount: z.int().optional(),
      reviewStatus: z.object({ hasPublicCase: z.boolean(), hasLocalCase: z.boolean(), hasNewsMedia: z.boolean(), isUnderReview: z.boolean() }).optional(),
    })
    .meta({
      id: 'MonitoredEntityUpdateData',
      description: 'An entity under ongoing monitoring changed: one event per new or changed match, with the entity’s summary after it.',
    }),
  KycStatusUpdate: z
    .object({
      kycId: z.uuid(),
      entityId: z.uuid(),
      status: z.string(),
      eddStatus: z.string().nullable().optional(),
      qualifiedStatus: z.string().nullable().optional(),
    })
    .meta({ id: 'KycStatusUpdateData', description: "A KYC record's status changed." }),
  BulkJobUpdate: z
    .object({
      jobId: z.uuid(),
      status: z.enum(['Queued', 'Running', 'Completed', 'CompletedWithErrors', 'Failed']),
      total: z.int(),
      processed: z.int(),
      succeeded: z.int(),
      failed: z.int(),
    })
    .meta({ id: 'BulkJobUpdateData', description: 'A bulk client job finished (or changed status); read the details with GET /jobs/{jobId}.' }),
  TransactionAlertCreated: z
    .object({
      alertId: z.uuid(),
      transactionId: z.uuid(),
      entityId: z.uuid().nullable().optional(),
      severity: z.string(),
      ruleCode: z.string().nullable().optional(),
    })
    .meta({ id: 'TransactionAlertCreatedData', description: 'Transaction monitoring raised an alert.' }),
  RelationshipApprovalUpdate: z
    .object({
      relationshipId: z.uuid(),
      sourceEntityId: z.uuid(),
      targetEntityId: z.uuid(),
      type: z.string().meta({ example: 'IsShareholderOf' }),
      previousApprovalStatus: z
        .enum(['PendingTargetApproval', 'Approved', 'Rejected', 'Expired'])
        .nullable()
        .meta({ description: 'null when the relationship was just created.' }),
      approvalStatus: z.enum(['PendingTargetApproval', 'Approved', 'Rejected', 'Expired']),
      decidedBy: z
        .enum(['RelatedParty', 'Officer', 'System'])
        .nullable()
        .meta({ description: 'RelatedParty: the e-mailed link; Officer: on its behalf; System: no confirmation required, or expiry.' }),
      reason: z.string().nullable(),
      changedAt: timestamp,
    })
    .meta({
      id: 'RelationshipApprovalUpdateData',
      description:
        "A relationship was created or its approval status changed (POST /entity-relationships/invite, the confirmation link, an officer's decision, expiry).",
    }),
  BankAccountReviewUpdate: z
    .object({
      accountId: z.uuid().meta({ description: 'The bank account (`id` in GET /entities/{entityId}).' }),
      entityId: z.uuid(),
      crmId: z.string().nullable(),
      iban: z.string().meta({ example: 'SA0380000000608010167519' }),
      decision: z.enum(['Approve', 'Reject']),
      verificationStatus: z.enum(['Verified', 'Rejected']),
      comment: z.string().nullable().meta({ description: "The officer's comment; always present on a rejection." }),
      reviewedAt: wireIsoTimestamp,
    })
    .meta({ id: 'BankAccountReviewUpdateData', description: 'A manual bank account was reviewed (PATCH /bank-accounts/manual/{accountId}/review).' }),
  EntityProfileUpdate: z
    .object({
      entityId: z.uuid(),
      crmId: z.string().nullable(),
      type: z.enum(['Individual', 'Organization']),
      changedFields: z.array(z.string()).meta({
        description:
          'The profile fields that changed (response names, e.g. `nameEn`, `dob`, `phoneNumber`); read the new values with GET /entities/{entityId}.',
        example: ['nameEn', 'dob'],
      }),
      rescreened: z
        .boolean()
        .meta({ description: 'The entity was screened again in the same transaction (a monitored or screening entity whose screened data changed).' }),
      updatedAt: timestamp,
    })
    .meta({
      id: 'EntityProfileUpdateData',
      description: "An entity's profile was edited (PATCH /entities/{entityId}). No personal data: only the names of the changed fields.",
    }),
} as const;

export type EventType = keyof typeof eventDataSchemas;
export const EVENT_TYPES = Object.keys(eventDataSchemas) as [EventType, ...EventType[]];
export const eventTypeSchema = z.enum(EVENT_TYPES);

/** Always delivered, whatever the subscription: the test event exists to check the integration. */
export const ALWAYS_DELIVERED: readonly string[] = ['IntegrationTestUpdate'];

export function envelopeSchema<T extends EventType>(type: T) {
  return z
    .object({
      id: z.uuid().meta({ description: 'Event id; the same on every try and replay (also in `webhook-id`). Deduplicate on it.' }),
      type: z.literal(type),
      tenant: z.string().meta({ description: 'Tenant slug (the x-tenant value).' }),
      createdAt: timestamp,
      data: eventDataSchemas[type],
    })
    .meta({ id: `${type}Event` });
}

export const handshakeSchema = z
  .object({
    id: z.uuid(),
    type: z.literal('handshake'),
    challenge: z.string().meta({ description: 'Answer 200 with this string as the whole body, or with `{"challenge": "..."}`.' }),
  })
  .meta({ id: 'HandshakeEvent' });

/**
 * Cases and stored matches: the response schemas of GET /entities/{entityId}/matches, GET /cases and
 * GET /cases/{caseId}, and the bodies of the officers' review actions. A stored Match is the
 * screening engine's Match (lib/screening/schemas.ts) with its review state, its entity and the
 * watchlist entry's details the comparison needs.
 */
import { z } from 'zod';
import { pageOfSchema, pageQuery } from '@/lib/core/pagination';
import { wireTimestamp } from '@/lib/core/format';
import { userSchema } from '@/lib/attachments/schemas';
import { entitySchema, hasNoNul } from '@/lib/entities/schemas';
import { MatchSchema, WatchlistNameSchema, WatchlistSourceSchema } from '@/lib/screening/schemas';
import { alertSchema, caseDecisionSchema, caseNoteSchema, strReportSchema } from '@/lib/transactions/schemas';

export const MATCH_STATUSES = ['Unreviewed', 'PendingApproval', 'TruePositive', 'FalsePositive'] as const;
export const CASE_STATUSES = ['Pending', 'InReview', 'PendingApproval', 'Closed'] as const;
export const CASE_KINDS = ['Screening', 'TransactionMonitoring'] as const;
export const SCREENING_STATUSES = ['NotScreened', 'Clear', 'PendingReview', 'Hit'] as const;
export const DECISIONS = ['TruePositive', 'FalsePositive'] as const;

export type MatchStatus = (typeof MATCH_STATUSES)[number];
export type CaseStatus = (typeof CASE_STATUSES)[number];
export type ScreeningStatus = (typeof SCREENING_STATUSES)[number];
export type Decision = (typeof DECISIONS)[number];

export const matchStatus = z.enum(MATCH_STATUSES);
export const caseStatus = z.enum(CASE_STATUSES);
export const caseKind = z.enum(CASE_KINDS);

const ts = wireTimestamp;
const comment = z.string().trim().max(5000).refine(hasNoNul, 'must not contain NUL (U+0000) characters');

export const watchlistIdentitySchema = z.object({
  type: z.string().nullable(),
  number: z.string(),
  issuingCountryCode: z.string().nullable(),
});

/** The entry as the comparison shows it (its current version; `isValid` false once removed from its list). */
export const storedWatchlistEntrySchema = z
  .object({
    id: z.uuid(),
    externalId: z.string(),
    source: WatchlistSourceSchema,
    names: z.array(WatchlistNameSchema),
    type: z.string(),
    dobs: z.array(z.string()).meta({ description: 'Dates of birth as listed: `YYYY-MM-DD` or a year.' }),
    dobHijri: z.string().nullable(),
    gender: z.string().nullable(),
    nationalityCodes: z.array(z.string()),
    identities: z.array(watchlistIdentitySchema),
    remarks: z.string().nullable(),
    isValid: z.boolean(),
    deprecatedAt: ts.nullable(),
    updatedAt: ts,
  })
  .meta({ id: 'MatchWatchlistEntry' });

/**
 * Why the service screened again, as the `comment` of the system steps (no user) it adds to a match's
 * trail: a code, not prose, so each reader shows it in its own language (messages' cases.trailComments).
 */
export const SCREENING_TRIGGERS = ['ScreenedOnDemand', 'ProfileEdited', 'WatchlistUpdate'] as const;
export type ScreeningTrigger = (typeof SCREENING_TRIGGERS)[number];

export const matchReviewSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    action: z.enum(['Created', 'Proposed', 'Approved', 'Rejected', 'Reopened', 'Updated', 'Deprecated', 'Restored']),
    status: matchStatus,
    proposedStatus: matchStatus.nullable(),
    comment: z
      .string()
      .nullable()
      .meta({
        description: `An officer's comment; on a system step (no user) the code of what screened again (${SCREENING_TRIGGERS.join(', ')}) or null.`,
      }),
    user: userSchema.nullable(),
  })
  .meta({ id: 'MatchReview', description: 'One step of a match review trail (system steps have no user).' });

export const storedMatchSchema = MatchSchema.extend({
  id: z.uuid().meta({ description: 'Stable id of the stored match (one per entity and watchlist entry).' }),
  status: matchStatus.meta({
    description:
      'Unreviewed → PendingApproval (a maker proposed) → TruePositive | FalsePositive (a different officer approved). A FalsePositive reopens as Unreviewed when its list entry changes.',
  }),
  caseId: z.uuid(),
  entityId: z.uuid(),
  matchedAt: ts.meta({ description: 'When the entry first matched this entity.' }),
  proposedStatus: matchStatus.nullable().meta({ description: 'While PendingApproval: the proposed decision.' }),
  proposedBy: userSchema.nullable(),
  proposedAt: ts.nullable(),
  decidedBy: userSchema.nullable(),
  decidedAt: ts.nullable(),
  reopenedAt: ts.nullable(),
  watchlistEntry: storedWatchlistEntrySchema,
  reviews: z.array(matchReviewSchema).meta({ description: 'Review trail, oldest first (GET /cases/{caseId} only; empty in lists).' }),
}).meta({ id: 'StoredMatch', description: 'A stored watchlist match of an entity, with its review state.' });

export type StoredMatchOut = z.infer<typeof storedMatchSchema>;

export const caseSchema = z
  .object({
    id: z.uuid(),
    createdAt: ts,
    updatedAt: ts,
    archivedAt: ts.nullable(),
    matchedAt: ts.nullable().meta({ description: 'When a match last joined or reopened in this case.' }),
    kind: caseKind.meta({ description: 'Ours: Screening (watchlist matches) or TransactionMonitoring (transaction alerts).' }),
    source: z
      .string()
      .nullable()
      .meta({ description: 'Screening cases: the watchlist, ListSourceA | ListSourceB (public) or Custom (local); one case per entity and list.' }),
    status: caseStatus.meta({
      description:
        'Pending (nothing reviewed) → InReview → PendingApproval (every open match awaits approval) → Closed; a new or reopened match sends it back to Pending.',
    }),
    disposition: z.enum(['FalsePositive', 'TruePositive', 'Reported']).nullable().meta({ description: 'Set when closed.' }),
    makerUserId: z.uuid().nullable(),
    checkerUserId: z.uuid().nullable(),
    assigneeUserId: z.uuid().nullable(),
    entityId: z.uuid(),
    customGroupId: z.uuid().nullable(),
    originWatchlistId: z.string().nullable().meta({ description: 'The list of a screening case (same as source).' }),
    indicatorSummaries: z.array(z.object({ count: z.number().int(), category: z.string(), isNetwork: z.boolean() })).meta({
      description:
        'Ours: what the case holds, one entry when it is not empty: `WatchlistMatch` (screening cases: matches not deprecated) or `TransactionAlert` (transaction-monitoring cases: alerts still Open).',
    }),
    makerUser: userSchema.nullable(),
    checkerUser: userSchema.nullable(),
    assignee: userSchema.nullable(),
    entity: entitySchema,
    customGroup: z.null(),
    originWatchlist: z.object({ source: WatchlistSourceSchema }).nullable(),
    matchSummaries: z.array(z.object({ status: matchStatus, count: z.number().int() })).meta({ description: 'Open (not deprecated) matches by status.' }),
    matches: z.array(storedMatchSchema).meta({ description: 'GET /cases/{caseId}: every match of the case, deprecated ones last. Empty in GET /cases.' }),
    relationshipCases: z.array(z.unknown()),
    transactionAlerts: z.array(alertSchema).meta({ description: 'Transaction-monitoring cases (GET /cases/{caseId}): their alerts, newest first.' }),
    proposedDisposition: z
      .enum(['FalsePositive', 'TruePositive', 'Reported'])
      .nullable()
      .meta({ description: 'Ours, transaction-monitoring cases: while PendingApproval, the disposition the maker proposed.' }),
    decisions: z.array(caseDecisionSchema).meta({ description: 'Ours, transaction-monitoring cases: the maker-checker trail, oldest first.' }),
    notes: z.array(caseNoteSchema).meta({ description: 'Ours, transaction-monitoring cases: officers’ notes, oldest first.' }),
    strReport: strReportSchema.nullable().meta({ description: 'Ours: the STR draft of a case closed as Reported.' }),
  })
  .meta({ id: 'Case' });

export type CaseOut = z.infer<typeof caseSchema>;

export const caseList = pageOfSchema(caseSchema).meta({ id: 'CaseList' });
export const matchList = pageOfSchema(storedMatchSchema).meta({ id: 'MatchList' });
export type CaseListOut = z.infer<typeof caseList>;
export type MatchListOut = z.infer<typeof matchList>;

export const caseParams = z.object({ caseId: z.uuid() });
export const matchParams = z.object({ caseId: z.uuid(), matchId: z.uuid() });

export const CASE_AGES = ['today', 'week', 'month', 'older'] as const;

export const listCasesQuery = pageQuery.extend({
  // One enum, not a union with 'open': a wrong value then lists what is accepted.
  status: z
    .enum([...CASE_STATUSES, 'open'])
    .optional()
    .meta({ description: 'A case status, or `open` for every status but Closed.' }),
  entityId: z.uuid().optional(),
  source: WatchlistSourceSchema.optional(),
  kind: caseKind.optional(),
  assignee: z
    .union([z.literal('me'), z.literal('unassigned'), z.uuid({ error: 'expected `me`, `unassigned` or a user id' })])
    .optional()
    .meta({ description: '`me` (officer sessions; with an API key it is a 400), `unassigned`, or a user id.' }),
  age: z.enum(CASE_AGES).optional().meta({ description: 'Since the case opened: today (< 1 day), week (1–7 days), month (7–30 days), older (> 30 days).' }),
  sort: z.enum(['oldest', 'newest']).default('oldest').meta({ description: 'By the time the case opened; a work queue takes the oldest first.' }),
});
export type ListCasesQuery = z.output<typeof listCasesQuery>;

export const listMatchesQuery = pageQuery.extend({
  status: matchStatus.optional(),
  includeDeprecated: z.enum(['true', 'false']).default('true').meta({ description: '`false` leaves out matches whose list entry was removed.' }),
});

export const proposeDecisionInput = z
  .object({
    decision: z.enum(DECISIONS),
    comment: comment.min(1, 'a comment is required'),
  })
  .meta({ id: 'ProposeMatchDecision' });

export const blockClientInput = z.object({
  reason: z.string().trim().max(5000).refine(hasNoNul).optional(),
  emailOptions: z.object({ notify: z.boolean(), language: z.enum(['en', 'ar']).default('en') }).optional(),
});

export const approveDecisionInput = z
  .object({
    comment: comment.optional(),
    blockClient: blockClientInput.optional().meta({
      description:
        'TruePositive of a client only: also block the client (the status change of PATCH /entities/client/{entityId}/status, with its audit, e-mail and EntityStatusUpdate).',
    }),
  })
  .meta({ id: 'ApproveMatchDecision' });

export const rejectProposalInput = z.object({ comment: comment.min(1, 'a comment is required') }).meta({ id: 'RejectMatchProposal' });

export const matchEnvelope = z
  .object({
    data: storedMatchSchema,
    clientStatus: z
      .enum(['Active', 'Blocked', 'Deactivated', 'Deceased'])
      .nullable()
      .meta({ description: 'The client status after `blockClient` (null when not asked).' }),
  })
  .meta({ id: 'MatchReviewResponse' });

export const assignCaseInput = z
  .object({ assigneeUserId: z.uuid().nullable().meta({ description: 'An officer or administrator of the tenant; null to unassign.' }) })
  .meta({ id: 'AssignCase' });

export const caseEnvelope = z.object({ data: caseSchema }).meta({ id: 'CaseResponse' });

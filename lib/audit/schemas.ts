import { z } from 'zod';
import { pageOfSchema, pageQuery } from '@/lib/core/pagination';
import { wireTimestamp } from '@/lib/core/format';

export const AUDIT_ACTOR_TYPES = ['user', 'apiKey', 'system', 'cli', 'relatedParty', 'anonymous'] as const;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'not a calendar date');

/** Filters of the tenant's audit log; `from` and `to` are whole days in the tenant's time zone, both included. */
const filterFields = {
  actorId: z.string().trim().min(1).max(100).optional().meta({ description: 'The acting user (or API key) id.' }),
  actorType: z.enum(AUDIT_ACTOR_TYPES).optional(),
  targetType: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{1,50}$/, 'expected a record type such as Entity')
    .optional()
    .meta({ description: 'The kind of record (`Entity`, `Tag`, `ApiKey`, …).' }),
  targetId: z.string().trim().min(1).max(100).optional().meta({ description: 'One record (with or without targetType).' }),
  action: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z_.-]{0,99}\*?$/, 'expected an action such as entity.tag.add, or a family such as tag.*')
    .optional()
    .meta({ description: 'An action (`entity.tag.add`), or a family ending in `.*` (`tag.*`).' }),
  from: day.optional().meta({ description: 'First day (YYYY-MM-DD, tenant time zone), included.' }),
  to: day.optional().meta({ description: 'Last day (YYYY-MM-DD, tenant time zone), included.' }),
};
const fromNotAfterTo = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
export const auditFilters = z.object(filterFields).refine(fromNotAfterTo, { path: ['to'], message: 'must not be before from' });
export type AuditFilters = z.infer<typeof auditFilters>;

export const searchAuditQuery = pageQuery.extend(filterFields).refine(fromNotAfterTo, { path: ['to'], message: 'must not be before from' });

export const auditEventSchema = z
  .object({
    id: z.uuid(),
    createdAt: wireTimestamp,
    action: z.string(),
    actor: z.object({
      type: z.string(),
      id: z.string().nullable(),
      displayName: z.string().nullable(),
      platformAdmin: z.boolean().meta({ description: 'True when the acting user is a platform administrator (a user of no tenant) working in this tenant.' }),
    }),
    targetType: z.string(),
    targetId: z.string().nullable(),
    before: z.unknown().nullable().meta({ description: 'The changed fields before (JSON), or null.' }),
    after: z.unknown().nullable().meta({ description: 'The changed fields after, or what was created (JSON), or null.' }),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEventOut = z.infer<typeof auditEventSchema>;

export const auditPage = pageOfSchema(auditEventSchema).meta({ id: 'AuditEventPage' });

/** The acting users the filter offers: the tenant's users and the platform administrators who acted in it, by name. */
export const auditActorsResponse = z
  .object({ data: z.array(z.object({ id: z.uuid(), displayName: z.string().nullable(), email: z.string(), platformAdmin: z.boolean() })) })
  .meta({ id: 'AuditActorList' });

/** The profile's history pages: 50 events by default, at most 100. */
export const DEFAULT_HISTORY_PAGE = 50;
export const MAX_HISTORY_PAGE = 100;

/** Where the previous page of an entity's history ended: its last event's time and id. */
export interface EntityHistoryCursor {
  createdAt: Date;
  id: string;
}

const HISTORY_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The cursor a history page hands out as `nextCursor`: the last event's createdAt (ISO, UTC, milliseconds) and id. */
export const encodeHistoryCursor = ({ createdAt, id }: EntityHistoryCursor): string => `${createdAt.toISOString()}_${id}`;

const historyCursor = z
  .string()
  .regex(HISTORY_CURSOR, 'expected the nextCursor of the previous page')
  .refine((s) => {
    // zod runs this after a failed regex too: anything unparsable is simply not a date.
    const time = new Date(s.slice(0, 24));
    return !Number.isNaN(time.getTime()) && time.toISOString() === s.slice(0, 24);
  }, 'not a real date and time')
  .transform((s): EntityHistoryCursor => ({ createdAt: new Date(s.slice(0, 24)), id: s.slice(25).toLowerCase() }));

export const entityHistoryQuery = z.object({
  before: historyCursor.optional().meta({
    description: 'The `nextCursor` of the previous page: only older events. Absent: the newest.',
    example: '2026-03-01T09:30:00.000Z_0b6c3a52-8f4e-4a57-9d0e-3f1b2c4d5e6f',
  }),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_HISTORY_PAGE)
    .default(DEFAULT_HISTORY_PAGE)
    .meta({ description: `Page size, at most ${MAX_HISTORY_PAGE}.` }),
});

/** One event of the profile's history: an audit row about the entity or one of its records. */
export const entityHistoryEventSchema = z
  .object({
    id: z.uuid(),
    createdAt: wireTimestamp,
    action: z.string(),
    actor: z.object({ type: z.string(), id: z.string().nullable(), displayName: z.string().nullable() }),
    targetType: z.string().meta({ description: 'The record the event names: `Entity`, or one of its records (`Kyc`, `BankAccount`, `Relationship`, …).' }),
    targetId: z.string().nullable(),
    before: z.unknown().nullable().meta({ description: 'The changed fields before (JSON), or null.' }),
    after: z.unknown().nullable().meta({ description: 'The changed fields after, or what was created (JSON), or null.' }),
    requestId: z.string().nullable(),
  })
  .meta({ id: 'EntityHistoryEvent' });

export const entityHistoryPage = z
  .object({
    data: z.array(entityHistoryEventSchema),
    nextCursor: z
      .string()
      .nullable()
      .meta({ description: 'Pass as `before` for the next (older) page; null when this page ends with the entity’s first event.' }),
  })
  .meta({ id: 'EntityHistoryPage' });
export type EntityHistoryPageOut = z.infer<typeof entityHistoryPage>;

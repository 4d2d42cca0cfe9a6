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

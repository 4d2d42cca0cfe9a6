/**
 * POST /entities/client/bulk and GET /jobs/{jobId}. The request only checks its envelope (at most
 * 1,000 clients, batch tagIds): each item is validated on its own against the create-client schema
 * and a bad item is reported in the job, never failing the request (decisions.md, Clarifications).
 */
import { z } from 'zod';
import { wireTimestamp } from '@/lib/core/format';
import { createClientInput } from '@/lib/entities/schemas';

export const BULK_MAX_CLIENTS = 1000;
export const QUOTA_CODES = ['SOFT_THRESHOLD_REACHED', 'HARD_THRESHOLD_REACHED'] as const;
export const BULK_JOB_STATUSES = ['Queued', 'Running', 'Completed', 'CompletedWithErrors', 'Failed'] as const;
export type QuotaCode = (typeof QUOTA_CODES)[number];
export type BulkJobStatus = (typeof BULK_JOB_STATUSES)[number];

/** One client of a bulk request: the fields of POST /entities/client (validated per item when the job is created). */
export const bulkClientItem = createClientInput;
export type BulkClientItem = z.output<typeof bulkClientItem>;

export const bulkCreateClientsInput = z
  .object({
    clients: z
      .array(z.unknown())
      .min(1)
      .max(BULK_MAX_CLIENTS)
      .meta({
        description:
          'At most 1,000 clients, each with the fields of POST /entities/client (schema `CreateClient`; `ongoingMonitoring` keeps the client screened). ' +
          'Each item is validated on its own: an invalid item, a crmId repeated in the request or already used (or pending in another job), an unknown tagId or documentId, ' +
          'or a client beyond the hard quota is reported in the job (`errors`) and not created; the other items are.',
      }),
    tagIds: z.array(z.uuid()).max(50).optional().meta({ description: 'Tags applied to every client of the batch (unknown ids → 404).' }),
  })
  .meta({ id: 'BulkCreateClients' });

export type BulkCreateClientsInput = z.output<typeof bulkCreateClientsInput>;

export const bulkCreateClientsResponse = z
  .object({
    quota: z.object({
      message: z.string(),
      code: z.enum(QUOTA_CODES).nullable().meta({
        description:
          'null below the soft threshold; SOFT_THRESHOLD_REACHED once it is reached; HARD_THRESHOLD_REACHED when clients of this request were refused or no room is left.',
      }),
      remaining: z
        .number()
        .int()
        .meta({ description: "The hard threshold minus the tenant's entities after this request (its accepted clients included), never below 0." }),
    }),
    jobId: z.uuid(),
  })
  .meta({ id: 'BulkCreateClientsResponse' });

export type BulkCreateClientsResponse = z.infer<typeof bulkCreateClientsResponse>;

export const jobParams = z.object({ jobId: z.uuid() });

export const bulkJobSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(BULK_JOB_STATUSES).meta({
      description: 'Queued → Running → Completed (all created) | CompletedWithErrors (some failed) | Failed (none created).',
    }),
    total: z.number().int(),
    processed: z.number().int(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    errors: z.array(
      z.object({
        index: z.number().int().meta({ description: 'Position in the request’s `clients`.' }),
        crmId: z.string().nullable(),
        validationErrors: z.array(z.string()).meta({ description: 'Each names the item field first, e.g. `nameEn: ...`, `crmId: DUPLICATE_CRM_ID ...`.' }),
      }),
    ),
    entityIds: z.array(z.uuid()).meta({ description: 'The created clients, in request order.' }),
    createdAt: wireTimestamp,
    updatedAt: wireTimestamp,
    completedAt: wireTimestamp.nullable(),
  })
  .meta({ id: 'BulkJob' });

export type BulkJobOut = z.infer<typeof bulkJobSchema>;
export const bulkJobEnvelope = z.object({ data: bulkJobSchema }).meta({ id: 'BulkJobResponse' });

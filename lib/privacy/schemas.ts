import { z } from 'zod';
import { wireTimestamp } from '@/lib/core/format';

export const erasureRequestParams = z.object({ entityId: z.uuid() });

export const createErasureRequestBody = z
  .object({
    note: z.string().trim().max(5000).optional().meta({ description: "The request as received: the data subject's reference, channel or wording." }),
  })
  .strict();

export const erasureRequestSchema = z
  .object({
    id: z.uuid(),
    status: z.enum(['Pending', 'Completed', 'Cancelled']),
    note: z.string().nullable(),
    requestedAt: wireTimestamp,
    requestedBy: z.string().nullable(),
    completedAt: wireTimestamp.nullable(),
    cancelledAt: wireTimestamp.nullable(),
  })
  .meta({ id: 'ErasureRequest' });

export const retentionStateSchema = z
  .object({
    /**
     * InRelationship: the relationship has not ended, the records are kept.
     * Retained: ended; kept until retainUntil (AML retention), then erased if erasure was requested.
     * ErasureDue: retention is over and erasure was requested: the next erasure run erases it.
     * Erased: personal data erased; a pseudonymous tombstone and the pseudonymised audit trail remain.
     */
    state: z.enum(['InRelationship', 'Retained', 'ErasureDue', 'Erased']),
    retentionYears: z.number().int(),
    relationshipEndedAt: wireTimestamp.nullable(),
    retainUntil: wireTimestamp.nullable(),
    erasedAt: wireTimestamp.nullable(),
    erasureRequest: erasureRequestSchema.nullable(),
  })
  .meta({ id: 'RetentionState' });

export const retentionStateResponse = z.object({ data: retentionStateSchema }).meta({ id: 'RetentionStateResponse' });

export type RetentionState = z.infer<typeof retentionStateSchema>;

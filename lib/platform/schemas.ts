import { z } from 'zod';

export const healthResponse = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ status: z.enum(['ok', 'down']), latencyMs: z.number().nullable() }),
    jobQueue: z.object({
      status: z.enum(['ok', 'no-worker', 'down']),
      workers: z.number().int(),
      pendingJobs: z.number().int().nullable(),
    }),
  })
  .meta({ id: 'Health' });

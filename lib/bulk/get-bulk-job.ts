import { AppError } from '@/lib/core/errors';
import { formatTimestamp } from '@/lib/core/format';
import { withTenant } from '@/lib/db/tenant-tx';
import type { BulkJobOut } from './schemas';

/** GET /jobs/{jobId}: the job, its failed items (index order) and the created clients' ids (request order). */
export async function getBulkJob({ tenantId, jobId }: { tenantId: string; jobId: string }): Promise<{ data: BulkJobOut }> {
  return withTenant(tenantId, async (tx) => {
    const job = await tx.bulkJob.findFirst({ where: { tenantId, id: jobId } });
    if (!job) throw AppError.notFound();
    const items = await tx.bulkJobItem.findMany({
      where: { tenantId, jobId, status: { in: ['Succeeded', 'Failed'] } },
      select: { index: true, crmId: true, status: true, entityId: true, validationErrors: true },
      orderBy: { index: 'asc' },
    });
    return {
      data: {
        id: job.id,
        status: job.status,
        total: job.total,
        processed: job.processed,
        succeeded: job.succeeded,
        failed: job.failed,
        errors: items.filter((i) => i.status === 'Failed').map((i) => ({ index: i.index, crmId: i.crmId, validationErrors: i.validationErrors })),
        entityIds: items.filter((i) => i.status === 'Succeeded' && i.entityId).map((i) => i.entityId!),
        createdAt: formatTimestamp(job.createdAt),
        updatedAt: formatTimestamp(job.updatedAt),
        completedAt: formatTimestamp(job.completedAt),
      },
    };
  });
}

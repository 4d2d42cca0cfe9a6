import { AppError } from '@/lib/core/errors';
import { formatTimestamp } from '@/lib/core/format';
import { withTenant } from '@/lib/db/tenant-tx';
import { emitEvent } from '@/lib/jobs/outbox';

/**
 * POST /crm/webhook/test: queues an IntegrationTestUpdate through the outbox like any event
 * (so it is signed, retried and logged the same way). 409 WEBHOOK_DISABLED while Disabled (or
 * never registered). The route limits it to one call per 10 s per tenant.
 */
export async function sendTestEvent({ tenantId }: { tenantId: string }): Promise<{ id: string }> {
  return withTenant(tenantId, async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { tenantId }, select: { status: true } });
    if (!endpoint || endpoint.status === 'Disabled') throw new AppError('WEBHOOK_DISABLED');
    return emitEvent(tx, {
      tenantId,
      type: 'IntegrationTestUpdate',
      data: { message: 'Test event requested through POST /crm/webhook/test', requestedAt: formatTimestamp(new Date()) },
    });
  });
}

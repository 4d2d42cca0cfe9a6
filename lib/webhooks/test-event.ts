import { ApiError } from '@/lib/api/errors';
import { formatTimestamp } from '@/lib/api/format';
import { takeToken } from '@/lib/api/rate-limit';
import { withTenant } from '@/lib/db/tenant-tx';
import { emitEvent } from '@/lib/jobs/outbox';
import { testEventIntervalMs } from './config';

/**
 * POST /crm/webhook/test: queues an IntegrationTestUpdate through the outbox like any event
 * (so it is signed, retried and logged the same way). One call per 10 s per tenant; 409
 * WEBHOOK_DISABLED while Disabled (or never registered).
 */
export async function sendTestEvent({ tenantId }: { tenantId: string }): Promise<{ id: string }> {
  const intervalMs = testEventIntervalMs();
  const wait = takeToken(`webhook-test:${tenantId}`, { perSecond: 1000 / Math.max(intervalMs, 1), burst: 1 });
  if (wait > 0) throw new ApiError('RATE_LIMITED', undefined, { 'retry-after': String(wait) });
  return withTenant(tenantId, async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { tenantId }, select: { status: true } });
    if (!endpoint || endpoint.status === 'Disabled') throw new ApiError('WEBHOOK_DISABLED');
    return emitEvent(tx, {
      tenantId,
      type: 'IntegrationTestUpdate',
      data: { message: 'Test event requested through POST /crm/webhook/test', requestedAt: formatTimestamp(new Date()) },
    });
  });
}

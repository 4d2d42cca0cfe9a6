import { AppError } from '@/lib/core/errors';
import type { Actor } from '@/lib/audit/write-audit';
import { writeAudit } from '@/lib/audit/write-audit';
import { withTenant } from '@/lib/db/tenant-tx';
import { staleLockMs } from './config';
import { processDelivery } from './deliver';
import { enqueueWebhookJob } from './jobs-queue';

const heldWhere = (tenantId: string, endpointId: string) => ({
  tenantId,
  endpointId,
  state: 'queued' as const,
  nextAttemptAt: null,
  eventType: { not: 'handshake' },
});

/**
 * Replay (on demand only, spec): sends the events queued while Paused, and those that used up their
 * tries, in event order, each with a fresh round of tries. Only an Active webhook replays.
 */
export async function replayQueuedDeliveries({ tenantId, actor, requestId }: { tenantId: string; actor: Actor; requestId?: string }) {
  return withTenant(tenantId, async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { tenantId } });
    if (!endpoint) throw AppError.notFound();
    if (endpoint.status !== 'Active') throw new AppError('CONFLICT');
    const queued = await tx.webhookDelivery.count({ where: heldWhere(tenantId, endpoint.id) });
    if (queued > 0) {
      await enqueueWebhookJob(tx, 'webhooks.replay', { tenantId }, { jobKey: `webhooks.replay:${tenantId}` });
    }
    await writeAudit(tx, { tenantId, actor, action: 'webhook.replay', targetType: 'WebhookEndpoint', targetId: endpoint.id, after: { queued }, requestId });
    return { status: endpoint.status, replaying: queued };
  });
}

/**
 * Job `webhooks.replay`: one delivery at a time, oldest event first, so the receiver sees them in
 * order. Works in slices well under the stale-lock limit and re-enqueues itself for the rest.
 */
export async function runReplay({ tenantId }: { tenantId: string }): Promise<void> {
  const deadline = Date.now() + staleLockMs() / 2;
  for (;;) {
    const next = await withTenant(tenantId, async (tx) => {
      const endpoint = await tx.webhookEndpoint.findUnique({ where: { tenantId } });
      if (endpoint?.status !== 'Active') return null;
      const delivery = await tx.webhookDelivery.findFirst({
        where: heldWhere(tenantId, endpoint.id),
        orderBy: [{ eventCreatedAt: 'asc' }, { eventId: 'asc' }],
        select: { id: true },
      });
      if (!delivery) return null;
      if (Date.now() > deadline) {
        await enqueueWebhookJob(tx, 'webhooks.replay', { tenantId }, { jobKey: `webhooks.replay:${tenantId}` });
        return null;
      }
      // A new round: up to 5 tries again; the event id stays the same.
      await tx.webhookDelivery.update({ where: { id: delivery.id }, data: { nextAttemptAt: new Date(), attempts: 0 } });
      return delivery.id;
    });
    if (!next) return;
    await processDelivery({ tenantId, deliveryId: next });
  }
}

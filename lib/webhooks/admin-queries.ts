import { formatTimestamp } from '@/lib/core/format';
import { withTenant } from '@/lib/db/tenant-tx';
import { maskSecret } from './endpoints';

// Read models for the administrator screens (tenant-scoped, plain data for server components).

export async function getWebhookOverview({ tenantId }: { tenantId: string }) {
  return withTenant(tenantId, async (tx) => {
    const endpoint = await tx.webhookEndpoint.findUnique({ where: { tenantId } });
    if (!endpoint) return { endpoint: null, history: [], notifications: [], queued: 0 };
    const [history, notifications, queued] = await Promise.all([
      tx.webhookStatusChange.findMany({ where: { tenantId, endpointId: endpoint.id }, orderBy: { createdAt: 'desc' }, take: 50 }),
      tx.adminNotification.findMany({ where: { tenantId }, orderBy: { createdAt: 'desc' }, take: 10 }),
      tx.webhookDelivery.count({ where: { tenantId, endpointId: endpoint.id, state: 'queued', nextAttemptAt: null, eventType: { not: 'handshake' } } }),
    ]);
    return {
      endpoint: {
        status: endpoint.status,
        url: endpoint.url,
        secret: maskSecret(endpoint.secretLast4),
        eventTypes: endpoint.eventTypes,
        consecutiveHandshakeFailures: endpoint.consecutiveHandshakeFailures,
        lastHandshakeAt: formatTimestamp(endpoint.lastHandshakeAt),
        lastHandshakeOk: endpoint.lastHandshakeOk,
      },
      history: history.map((h) => ({
        id: h.id,
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        reason: h.reason,
        actorType: h.actorType,
        createdAt: formatTimestamp(h.createdAt),
      })),
      notifications: notifications.map((n) => ({
        id: n.id,
        kind: n.kind,
        messageEn: n.messageEn,
        messageAr: n.messageAr,
        createdAt: formatTimestamp(n.createdAt),
      })),
      queued,
    };
  });
}

export type WebhookOverview = Awaited<ReturnType<typeof getWebhookOverview>>;

export async function listWebhookDeliveries({ tenantId, page, size = 25 }: { tenantId: string; page: number; size?: number }) {
  return withTenant(tenantId, async (tx) => {
    const [rows, total] = await Promise.all([
      tx.webhookDelivery.findMany({ where: { tenantId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * size, take: size }),
      tx.webhookDelivery.count({ where: { tenantId } }),
    ]);
    return {
      total,
      totalPages: Math.ceil(total / size),
      rows: rows.map((d) => ({
        id: d.id,
        eventId: d.eventId,
        eventType: d.eventType,
        state: d.state,
        held: d.state === 'queued' && d.nextAttemptAt === null,
        attempts: d.totalAttempts,
        lastStatusCode: d.lastStatusCode,
        lastError: d.lastError,
        createdAt: formatTimestamp(d.createdAt),
      })),
    };
  });
}

export async function getWebhookDelivery({ tenantId, deliveryId }: { tenantId: string; deliveryId: string }) {
  if (!/^[0-9a-f-]{36}$/i.test(deliveryId)) return null;
  return withTenant(tenantId, async (tx) => {
    const d = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, tenantId }, include: { tries: { orderBy: { number: 'asc' } } } });
    if (!d) return null;
    return {
      id: d.id,
      eventId: d.eventId,
      eventType: d.eventType,
      state: d.state,
      body: d.body,
      createdAt: formatTimestamp(d.createdAt),
      tries: d.tries.map((a) => ({
        id: a.id,
        number: a.number,
        startedAt: formatTimestamp(a.startedAt),
        durationMs: a.durationMs,
        statusCode: a.statusCode,
        error: a.error,
        responseExcerpt: a.responseExcerpt,
        requestHeaders: a.requestHeaders as Record<string, string>,
        requestBody: a.requestBody,
      })),
    };
  });
}

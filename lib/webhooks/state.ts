import type { Tx } from '@/lib/db/tenant-tx';
import type { Actor } from '@/lib/audit/write-audit';
import { writeAudit } from '@/lib/audit/write-audit';
import type { Prisma, WebhookEndpoint, WebhookStatus } from '@/lib/generated/prisma/client';

export type StatusReason = 'registered' | 'handshake-succeeded' | 'handshake-failures' | 'delivery-exhausted' | 'disabled' | 'enabled';

/** Locks the tenant's endpoint row for the rest of the transaction (status changes serialise on it). */
export async function lockEndpoint(tx: Tx, tenantId: string): Promise<WebhookEndpoint | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "WebhookEndpoint" WHERE "tenantId" = ${tenantId}::uuid FOR UPDATE`;
  if (rows.length === 0) return null;
  return tx.webhookEndpoint.findFirst({ where: { tenantId, id: rows[0]!.id } });
}

/** Moves the endpoint to `to`, recording the change in its history and the audit log. No-op when unchanged. */
export async function transitionStatus(
  tx: Tx,
  input: {
    endpoint: WebhookEndpoint;
    to: WebhookStatus;
    reason: StatusReason;
    actor: Actor;
    requestId?: string | null;
    extra?: Prisma.WebhookEndpointUpdateInput;
  },
): Promise<WebhookEndpoint> {
  const { endpoint, to } = input;
  const updated = await tx.webhookEndpoint.update({
    where: { id: endpoint.id, tenantId: endpoint.tenantId },
    data: { ...input.extra, status: to },
  });
  if (endpoint.status !== to) {
    await tx.webhookStatusChange.create({
      data: {
        tenantId: endpoint.tenantId,
        endpointId: endpoint.id,
        fromStatus: endpoint.status,
        toStatus: to,
        reason: input.reason,
        actorType: input.actor.type,
        actorId: input.actor.id ?? null,
      },
    });
    await writeAudit(tx, {
      tenantId: endpoint.tenantId,
      actor: input.actor,
      action: 'webhook.status',
      targetType: 'WebhookEndpoint',
      targetId: endpoint.id,
      before: { status: endpoint.status },
      after: { status: to, reason: input.reason },
      requestId: input.requestId,
    });
  }
  return updated;
}

const NOTICES = {
  'webhook-paused-handshakes': {
    en: 'The webhook was paused after 3 consecutive failed handshakes. Events are being queued; check the receiver, then send a handshake.',
    ar: 'أُوقف الـWebhook مؤقتًا بعد فشل 3 مصافحات متتالية. تُحفظ الأحداث في قائمة الانتظار؛ افحص نقطة الاستقبال ثم أرسل مصافحة.',
  },
  'webhook-paused-deliveries': {
    en: 'The webhook was paused because a delivery failed all 5 tries. Events are being queued; after a successful handshake, replay them.',
    ar: 'أُوقف الـWebhook مؤقتًا لأن إحدى عمليات التسليم فشلت في المحاولات الخمس كلها. تُحفظ الأحداث في قائمة الانتظار؛ أعد إرسالها بعد نجاح المصافحة.',
  },
} as const;

/** In-app notice for the tenant's administrators ("administrators are notified", spec). */
export async function notifyAdministrators(tx: Tx, input: { tenantId: string; kind: keyof typeof NOTICES; data?: Record<string, unknown> }): Promise<void> {
  const text = NOTICES[input.kind];
  await tx.adminNotification.create({
    data: {
      tenantId: input.tenantId,
      kind: input.kind,
      messageEn: text.en,
      messageAr: text.ar,
      data: (input.data ?? undefined) as Prisma.InputJsonValue | undefined,
    },
  });
}

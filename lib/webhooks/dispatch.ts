import crypto from 'node:crypto';
import { withTenant } from '@/lib/db/tenant-tx';
import { formatTimestamp } from '@/lib/core/format';
import { leaseMs } from './config';
import { withTenantConnection } from '@/lib/db/sql';
import { ALWAYS_DELIVERED } from './events';
import { processDelivery, sendClaimed, type Claim } from './deliver';

/**
 * Consumer of every committed outbox event (job `outbox.dispatch`). Active: the delivery row is
 * created already claimed and the first try is sent in the same job (one queue hop less, which is
 * what keeps enqueue-to-receipt latency low). Paused: the delivery is recorded as queued and waits
 * for a replay. Disabled or no endpoint: nothing. Re-running it (after a crash) finds the row by
 * (endpoint, event id) and resumes through the normal claim, so the event id never changes.
 */
export async function dispatchEventToWebhook({ tenantId, eventId }: { tenantId: string; eventId: string }): Promise<void> {
  const claimToken = crypto.randomUUID();
  const outcome = await withTenantConnection(tenantId, async (client): Promise<Claim | 'existing' | null> => {
    // One statement: endpoint, event and tenant slug, and the subscription check.
    const found = await client.query<{
      endpointId: string;
      status: 'Active' | 'Paused' | 'Disabled';
      url: string;
      secretCiphertext: string;
      type: string;
      payload: unknown;
      createdAt: Date;
      slug: string;
    }>(
      `SELECT w.id AS "endpointId", w.status, w.url, w."secretCiphertext", e.type, e.payload, e."createdAt", t.slug
         FROM "OutboxEvent" e
         JOIN "WebhookEndpoint" w ON w."tenantId" = e."tenantId"
         JOIN "Tenant" t ON t.id = e."tenantId"
        WHERE e.id = $1 AND e."tenantId" = $2 AND w.status <> 'Disabled'
          AND (cardinality(w."eventTypes") = 0 OR e.type = ANY(w."eventTypes") OR e.type = ANY($3::text[]))`,
      [eventId, tenantId, ALWAYS_DELIVERED],
    );
    const row = found.rows[0];
    if (!row) return null;
    const body = JSON.stringify({ id: eventId, type: row.type, tenant: row.slug, createdAt: formatTimestamp(row.createdAt), data: row.payload });
    const active = row.status === 'Active';
    const inserted = await client.query<{ id: string }>(
      `INSERT INTO "WebhookDelivery" (id, "tenantId", "endpointId", "eventId", "eventType", body, "eventCreatedAt", state,
         attempts, "totalAttempts", "leaseUntil", "claimToken", "createdAt", "updatedAt")
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7::"WebhookDeliveryState", $8, $8, $9, $10, now(), now())
       ON CONFLICT ("tenantId", "endpointId", "eventId") DO NOTHING
       RETURNING id`,
      [
        tenantId,
        row.endpointId,
        eventId,
        row.type,
        body,
        row.createdAt,
        active ? 'sending' : 'queued',
        active ? 1 : 0,
        active ? new Date(Date.now() + leaseMs()) : null,
        active ? claimToken : null,
      ],
    );
    if (inserted.rows.length === 0) return 'existing';
    if (!active) return null;
    return {
      tenantId,
      deliveryId: inserted.rows[0]!.id,
      eventId,
      eventType: row.type,
      body,
      url: row.url,
      secretCiphertext: row.secretCiphertext,
      claimToken,
      attempts: 1,
      totalAttempts: 1,
    };
  });
  if (outcome === 'existing') {
    const row = await withTenant(tenantId, (tx) => tx.webhookDelivery.findFirst({ where: { tenantId, eventId }, select: { id: true } }));
    if (row) await processDelivery({ tenantId, deliveryId: row.id });
  } else if (outcome) {
    await sendClaimed(outcome);
  }
}

import crypto from 'node:crypto';
import { withTenant, type Tx } from '@/lib/db/tenant-tx';
import { leaseMs, MAX_TRIES, retryDelayAfter } from './config';
import { enqueueWebhookJob } from './jobs-queue';
import { openSecret } from './secret-box';
import { sendSignedRequest, type TryResult } from './send-try';
import { withTenantConnection } from '@/lib/db/sql';
import { lockEndpoint, notifyAdministrators, transitionStatus } from './state';

/** A delivery this worker owns for one try (state `sending`, lease and token set). */
export interface Claim {
  tenantId: string;
  deliveryId: string;
  eventId: string;
  eventType: string;
  body: string;
  url: string;
  secretCiphertext: string;
  claimToken: string;
  attempts: number;
  totalAttempts: number;
}

export const SYSTEM = { type: 'system' as const, id: 'webhooks' };

/**
 * Runs one try of a delivery if it is due: the job behind every first try, retry and replay.
 * Safe to run twice or after a crash: the claim is a conditional update, so at most one worker
 * owns a try, and a try whose worker died (lease ran out) is taken over and sent again with the
 * same event id.
 */
export async function processDelivery({ tenantId, deliveryId }: { tenantId: string; deliveryId: string }): Promise<void> {
  const claim = await withTenant(tenantId, (tx) => claimDelivery(tx, tenantId, deliveryId));
  if (claim) await sendClaimed(claim);
}

async function claimDelivery(tx: Tx, tenantId: string, deliveryId: string): Promise<Claim | null> {
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM "WebhookDelivery" WHERE id = ${deliveryId}::uuid AND "tenantId" = ${tenantId}::uuid FOR UPDATE`;
  if (rows.length === 0) return null;
  const delivery = await tx.webhookDelivery.findFirst({ where: { id: deliveryId, tenantId }, include: { endpoint: true } });
  if (!delivery) return null;
  const now = new Date();
  const interrupted = delivery.state === 'sending' && delivery.leaseUntil !== null && delivery.leaseUntil < now;
  const due =
    (delivery.state === 'queued' || delivery.state === 'failed') && delivery.nextAttemptAt !== null && delivery.nextAttemptAt.getTime() <= now.getTime() + 1000;
  if (!interrupted && !due) return null;

  const { endpoint } = delivery;
  if (endpoint.status === 'Disabled') {
    await tx.webhookDelivery.update({ where: { id: deliveryId }, data: { state: 'skipped', nextAttemptAt: null, leaseUntil: null, claimToken: null } });
    return null;
  }
  if (interrupted) {
    // The worker that owned this try died; record that, then send the same try again.
    await tx.webhookAttempt.create({
      data: {
        tenantId,
        deliveryId,
        number: delivery.totalAttempts,
        startedAt: delivery.updatedAt,
        error: 'interrupted: the worker stopped during this try',
        requestHeaders: {},
        requestBody: delivery.body,
      },
    });
  }
  if (endpoint.status === 'Paused') {
    // Paused: the event waits for a replay instead of being sent.
    await tx.webhookDelivery.update({ where: { id: deliveryId }, data: { state: 'queued', nextAttemptAt: null, leaseUntil: null, claimToken: null } });
    return null;
  }
  const claimToken = crypto.randomUUID();
  const attempts = interrupted ? Math.max(delivery.attempts, 1) : delivery.attempts + 1;
  const updated = await tx.webhookDelivery.update({
    where: { id: deliveryId },
    data: {
      state: 'sending',
      attempts,
      totalAttempts: { increment: 1 },
      leaseUntil: new Date(now.getTime() + leaseMs()),
      claimToken,
      nextAttemptAt: null,
    },
  });
  return {
    tenantId,
    deliveryId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    body: delivery.body,
    url: endpoint.url,
    secretCiphertext: endpoint.secretCiphertext,
    claimToken,
    attempts: updated.attempts,
    totalAttempts: updated.totalAttempts,
  };
}

/** Sends a claimed try and records its outcome. */
export async function sendClaimed(claim: Claim): Promise<TryResult> {
  const result = await sendSignedRequest({
    url: claim.url,
    secret: secretOf(claim),
    id: claim.eventId,
    type: claim.eventType,
    body: claim.body,
  });
  const exhausted = !result.ok && claim.attempts >= MAX_TRIES;
  if (exhausted) await withTenant(claim.tenantId, (tx) => recordOutcome(tx, claim, result));
  else await recordOutcomeSql(claim, result);
  return result;
}

// Decrypting is cheap, but the same endpoint's secret is needed for every event.
const secrets = new Map<string, string>();
function secretOf(claim: Claim): string {
  let secret = secrets.get(claim.secretCiphertext);
  if (secret === undefined) {
    secret = openSecret(claim.secretCiphertext, claim.tenantId);
    if (secrets.size > 1000) secrets.clear();
    secrets.set(claim.secretCiphertext, secret);
  }
  return secret;
}

/** The common outcomes (delivered, or failed with a retry scheduled) in plain SQL: see sql.ts. */
async function recordOutcomeSql(claim: Claim, result: TryResult): Promise<void> {
  await withTenantConnection(claim.tenantId, async (client) => {
    // The try's log row and the delivery's move are one statement (one round trip).
    const attempt = `WITH logged AS (
      INSERT INTO "WebhookAttempt" (id, "tenantId", "deliveryId", number, "startedAt", "durationMs", "statusCode", "responseExcerpt", error, "requestHeaders", "requestBody", "createdAt")
      VALUES (gen_random_uuid(), $2, $1, $4, $5, $6, $7, $8, $9, $10, $11, now()))`;
    const params = [
      claim.deliveryId,
      claim.tenantId,
      claim.claimToken,
      claim.totalAttempts,
      result.startedAt,
      result.durationMs,
      result.statusCode,
      result.responseExcerpt,
      result.error,
      JSON.stringify(result.requestHeaders),
      claim.body,
    ];
    const owned = `WHERE id = $1 AND "tenantId" = $2 AND state = 'sending' AND "claimToken" = $3`;
    if (result.ok) {
      await client.query(
        `${attempt} UPDATE "WebhookDelivery" SET state = 'delivered', "deliveredAt" = now(), "leaseUntil" = NULL, "claimToken" = NULL, "lastStatusCode" = $7, "lastError" = NULL, "updatedAt" = now() ${owned}`,
        params,
      );
      return;
    }
    const nextAttemptAt = new Date(Date.now() + retryDelayAfter(claim.attempts));
    const moved = await client.query(
      `${attempt} UPDATE "WebhookDelivery" SET state = 'failed', "nextAttemptAt" = $12, "leaseUntil" = NULL, "claimToken" = NULL, "lastStatusCode" = $7, "lastError" = $9, "updatedAt" = now() ${owned}`,
      [...params, nextAttemptAt],
    );
    if (moved.rowCount === 1) {
      await client.query(`SELECT crm_enqueue_webhook_job('webhooks.deliver', $1::json, $2::timestamptz, $3::text, 'replace')`, [
        JSON.stringify({ tenantId: claim.tenantId, deliveryId: claim.deliveryId }),
        nextAttemptAt,
        `webhooks.deliver:${claim.deliveryId}`,
      ]);
    }
  });
}

async function recordOutcome(tx: Tx, claim: Claim, result: TryResult): Promise<void> {
  const { tenantId, deliveryId } = claim;
  await tx.webhookAttempt.create({
    data: {
      tenantId,
      deliveryId,
      number: claim.totalAttempts,
      startedAt: result.startedAt,
      durationMs: result.durationMs,
      statusCode: result.statusCode,
      responseExcerpt: result.responseExcerpt,
      error: result.error,
      requestHeaders: result.requestHeaders,
      requestBody: claim.body,
    },
  });
  const common = { leaseUntil: null, claimToken: null, lastStatusCode: result.statusCode, lastError: result.error };
  // Only the owner of the try moves the delivery on (a slow try whose lease ran out does not).
  const owned = { id: deliveryId, tenantId, state: 'sending' as const, claimToken: claim.claimToken };
  if (result.ok) {
    await tx.webhookDelivery.updateMany({ where: owned, data: { ...common, state: 'delivered', deliveredAt: new Date() } });
    return;
  }
  if (claim.attempts < MAX_TRIES) {
    const nextAttemptAt = new Date(Date.now() + retryDelayAfter(claim.attempts));
    const moved = await tx.webhookDelivery.updateMany({ where: owned, data: { ...common, state: 'failed', nextAttemptAt } });
    if (moved.count === 1) {
      await enqueueWebhookJob(tx, 'webhooks.deliver', { tenantId, deliveryId }, { runAt: nextAttemptAt, jobKey: `webhooks.deliver:${deliveryId}` });
    }
    return;
  }
  // Tries used up: the event stays queued for a replay and the webhook pauses (spec, state table).
  const moved = await tx.webhookDelivery.updateMany({ where: owned, data: { ...common, state: 'queued', nextAttemptAt: null } });
  if (moved.count === 0) return;
  const endpoint = await lockEndpoint(tx, tenantId);
  if (endpoint?.status === 'Active') {
    await transitionStatus(tx, { endpoint, to: 'Paused', reason: 'delivery-exhausted', actor: SYSTEM });
    await notifyAdministrators(tx, { tenantId, kind: 'webhook-paused-deliveries', data: { deliveryId, eventId: claim.eventId } });
  }
}

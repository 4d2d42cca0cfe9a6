import crypto from 'node:crypto';
import { AppError } from '@/lib/core/errors';
import { withTenant } from '@/lib/db/tenant-tx';
import type { Actor } from '@/lib/audit/write-audit';
import { handshakeIntervalMs, MAX_HANDSHAKE_FAILURES } from './config';
import { enqueueWebhookJob } from './jobs-queue';
import { openSecret } from './secret-box';
import { sendSignedRequest } from './send-try';
import { lockEndpoint, notifyAdministrators, transitionStatus } from './state';

export interface HandshakeOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  status: 'Active' | 'Paused' | 'Disabled';
  consecutiveHandshakeFailures: number;
}

/** The receiver answers 200 with the challenge as the whole body, or as `{"challenge": "..."}`. */
export function echoesChallenge(statusCode: number | null, text: string, challenge: string): boolean {
  if (statusCode !== 200) return false;
  if (text.trim() === challenge) return true;
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null && (parsed as { challenge?: unknown }).challenge === challenge;
  } catch {
    return false;
  }
}

/** An administrator's "send a handshake now": WEBHOOK_DISABLED while Disabled (or never registered). */
export async function sendHandshakeNow({ tenantId, actor }: { tenantId: string; actor: Actor }): Promise<HandshakeOutcome> {
  const outcome = await sendHandshake({ tenantId, actor });
  if (!outcome) throw new AppError('WEBHOOK_DISABLED');
  return outcome;
}

/**
 * Sends one handshake `{id, type: "handshake", challenge}` and applies the state machine:
 * success → counter 0 and Paused → Active (queued events still wait for a replay);
 * failure → counter + 1, and the 3rd consecutive failure pauses an Active webhook and notifies
 * the administrators. Logged in the delivery log like any event.
 */
export async function sendHandshake({ tenantId, actor }: { tenantId: string; actor?: Actor }): Promise<HandshakeOutcome | null> {
  const endpoint = await withTenant(tenantId, (tx) => tx.webhookEndpoint.findUnique({ where: { tenantId } }));
  if (!endpoint || endpoint.status === 'Disabled') return null;
  const id = crypto.randomUUID();
  const challenge = crypto.randomBytes(24).toString('base64url');
  const body = JSON.stringify({ id, type: 'handshake', challenge });
  const result = await sendSignedRequest({ url: endpoint.url, secret: openSecret(endpoint.secretCiphertext, tenantId), id, type: 'handshake', body });
  const ok = result.error === null && echoesChallenge(result.statusCode, result.responseText, challenge);
  const error = ok ? null : (result.error ?? 'the response did not echo the challenge');
  const by = actor ?? { type: 'system' as const, id: 'webhooks' };

  return withTenant(tenantId, async (tx) => {
    const current = await lockEndpoint(tx, tenantId);
    const now = new Date();
    const delivery = await tx.webhookDelivery.create({
      data: {
        tenantId,
        endpointId: endpoint.id,
        eventId: id,
        eventType: 'handshake',
        body,
        eventCreatedAt: now,
        state: ok ? 'delivered' : 'failed',
        attempts: 1,
        totalAttempts: 1,
        lastStatusCode: result.statusCode,
        lastError: error,
        deliveredAt: ok ? now : null,
      },
    });
    await tx.webhookAttempt.create({
      data: {
        tenantId,
        deliveryId: delivery.id,
        number: 1,
        startedAt: result.startedAt,
        durationMs: result.durationMs,
        statusCode: result.statusCode,
        responseExcerpt: result.responseExcerpt,
        error,
        requestHeaders: result.requestHeaders,
        requestBody: body,
      },
    });
    // The endpoint may have been disabled or re-pointed while the request was in flight.
    if (!current || current.status === 'Disabled' || current.url !== endpoint.url) {
      return {
        ok,
        statusCode: result.statusCode,
        error,
        status: current?.status ?? 'Disabled',
        consecutiveHandshakeFailures: current?.consecutiveHandshakeFailures ?? 0,
      };
    }
    if (ok) {
      const extra = { consecutiveHandshakeFailures: 0, lastHandshakeAt: now, lastHandshakeOk: true };
      const to = current.status === 'Paused' ? 'Active' : current.status;
      const updated = await transitionStatus(tx, { endpoint: current, to, reason: 'handshake-succeeded', actor: by, extra });
      return { ok, statusCode: result.statusCode, error, status: updated.status, consecutiveHandshakeFailures: 0 };
    }
    const failures = current.consecutiveHandshakeFailures + 1;
    const extra = { consecutiveHandshakeFailures: failures, lastHandshakeAt: now, lastHandshakeOk: false };
    const to = failures >= MAX_HANDSHAKE_FAILURES && current.status === 'Active' ? 'Paused' : current.status;
    const updated = await transitionStatus(tx, { endpoint: current, to, reason: 'handshake-failures', actor: by, extra });
    if (failures === MAX_HANDSHAKE_FAILURES) {
      await notifyAdministrators(tx, { tenantId, kind: 'webhook-paused-handshakes', data: { failures, lastError: error } });
    }
    return { ok, statusCode: result.statusCode, error, status: updated.status, consecutiveHandshakeFailures: failures };
  });
}

/** (Re)starts the periodic handshake chain for a tenant; the job reschedules itself. */
export async function schedulePeriodicHandshake({ tenantId }: { tenantId: string }): Promise<void> {
  await withTenant(tenantId, (tx) =>
    enqueueWebhookJob(
      tx,
      'webhooks.handshake',
      { tenantId },
      {
        runAt: new Date(Date.now() + handshakeIntervalMs()),
        jobKey: `webhooks.handshake:${tenantId}`,
      },
    ),
  );
}

/** Job `webhooks.handshake`: schedule the next one first (a crash mid-request must not end the chain), then shake. */
export async function runPeriodicHandshake({ tenantId }: { tenantId: string }): Promise<void> {
  const endpoint = await withTenant(tenantId, (tx) => tx.webhookEndpoint.findUnique({ where: { tenantId }, select: { status: true } }));
  if (!endpoint || endpoint.status === 'Disabled') return;
  await schedulePeriodicHandshake({ tenantId });
  await sendHandshake({ tenantId });
}

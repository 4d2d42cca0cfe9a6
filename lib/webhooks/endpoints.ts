import { AppError } from '@/lib/core/errors';
import type { Actor } from '@/lib/audit/write-audit';
import { writeAudit } from '@/lib/audit/write-audit';
import { withTenant } from '@/lib/db/tenant-tx';
import { allowLoopback } from './config';
import { UnsafeUrlError, validateWebhookUrl } from './address-policy';
import { schedulePeriodicHandshake, sendHandshake, type HandshakeOutcome } from './handshake';
import { scheduleMaintenance } from './maintain';
import { registerWebhookInput, updateEventTypesInput, type RegisterWebhookInput, type WebhookStatusValue } from './schemas';
import { sealSecret } from './secret-box';
import { getResolverForTests } from './send-try';
import { lockEndpoint, transitionStatus } from './state';

export interface EndpointSummary {
  status: WebhookStatusValue;
  url: string;
  /** The secret is write-only: only its last four characters are ever shown. */
  secret: string;
  eventTypes: string[];
  handshake: HandshakeOutcome | null;
}

/** Refuses non-https URLs (unless loopback is allowed) and hosts that resolve to non-public addresses. */
export async function assertSafeWebhookUrl(url: string): Promise<void> {
  try {
    await validateWebhookUrl(url, { allowLoopback: allowLoopback(), resolve: getResolverForTests() });
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw AppError.validation(`url: ${error.message}`);
    throw error;
  }
}

export const maskSecret = (last4: string) => `••••••••${last4}`;

/**
 * Administrator registration (or re-registration with a new URL/secret): the webhook becomes
 * Paused and a handshake is sent at once; the first successful handshake makes it Active.
 */
export async function registerWebhookEndpoint(input: RegisterWebhookInput & { actor: Actor; requestId?: string }): Promise<EndpointSummary> {
  const parsed = registerWebhookInput.parse(input);
  await assertSafeWebhookUrl(parsed.url);
  const { tenantId } = parsed;
  const secretCiphertext = sealSecret(parsed.secret, tenantId);
  const secretLast4 = parsed.secret.slice(-4);
  await withTenant(tenantId, async (tx) => {
    let endpoint = await lockEndpoint(tx, tenantId);
    const fields = { url: parsed.url, secretCiphertext, secretLast4, eventTypes: parsed.eventTypes, consecutiveHandshakeFailures: 0 };
    if (!endpoint) {
      endpoint = await tx.webhookEndpoint.create({ data: { tenantId, ...fields, status: 'Disabled' } });
    }
    await transitionStatus(tx, { endpoint, to: 'Paused', reason: 'registered', actor: input.actor, requestId: input.requestId, extra: fields });
    await writeAudit(tx, {
      tenantId,
      actor: input.actor,
      action: 'webhook.register',
      targetType: 'WebhookEndpoint',
      targetId: endpoint.id,
      after: { url: parsed.url, eventTypes: parsed.eventTypes, secret: maskSecret(secretLast4) },
      requestId: input.requestId,
    });
  });
  return startHandshaking(tenantId, input.actor);
}

async function startHandshaking(tenantId: string, actor: Actor): Promise<EndpointSummary> {
  await schedulePeriodicHandshake({ tenantId });
  await scheduleMaintenance({ tenantId });
  const handshake = await sendHandshake({ tenantId, actor });
  return { ...(await getWebhookEndpoint({ tenantId })), handshake };
}

export async function getWebhookEndpoint({ tenantId }: { tenantId: string }): Promise<Omit<EndpointSummary, 'handshake'>> {
  const endpoint = await withTenant(tenantId, (tx) => tx.webhookEndpoint.findUnique({ where: { tenantId } }));
  if (!endpoint) throw AppError.notFound();
  return { status: endpoint.status, url: endpoint.url, secret: maskSecret(endpoint.secretLast4), eventTypes: endpoint.eventTypes };
}

/** The spec's status; Disabled is also the initial status, before any registration. */
export async function getWebhookStatus({ tenantId }: { tenantId: string }): Promise<{ status: WebhookStatusValue }> {
  const endpoint = await withTenant(tenantId, (tx) => tx.webhookEndpoint.findUnique({ where: { tenantId }, select: { status: true } }));
  return { status: endpoint?.status ?? 'Disabled' };
}

/** any → Disabled: nothing is sent or queued any more; events waiting for a replay are dropped (skipped). */
export async function disableWebhookEndpoint({ tenantId, actor, requestId }: { tenantId: string; actor: Actor; requestId?: string }) {
  return withTenant(tenantId, async (tx) => {
    const endpoint = await lockEndpoint(tx, tenantId);
    if (!endpoint) throw AppError.notFound();
    const updated = await transitionStatus(tx, { endpoint, to: 'Disabled', reason: 'disabled', actor, requestId });
    const dropped = await tx.webhookDelivery.updateMany({
      where: { tenantId, endpointId: endpoint.id, state: { in: ['queued', 'failed'] }, eventType: { not: 'handshake' } },
      data: { state: 'skipped', nextAttemptAt: null },
    });
    return { status: updated.status, skipped: dropped.count };
  });
}

/**
 * Disabled → Active (manual, spec), with a handshake sent at once. On a Paused webhook only the
 * handshake is sent: Paused becomes Active through a successful handshake, as the spec's table says.
 */
export async function enableWebhookEndpoint({ tenantId, actor, requestId }: { tenantId: string; actor: Actor; requestId?: string }): Promise<EndpointSummary> {
  await withTenant(tenantId, async (tx) => {
    const endpoint = await lockEndpoint(tx, tenantId);
    if (!endpoint) throw AppError.notFound();
    if (endpoint.status === 'Disabled') {
      await transitionStatus(tx, { endpoint, to: 'Active', reason: 'enabled', actor, requestId, extra: { consecutiveHandshakeFailures: 0 } });
    }
  });
  return startHandshaking(tenantId, actor);
}

export async function updateWebhookEventTypes(input: { tenantId: string; eventTypes: string[]; actor: Actor; requestId?: string }) {
  const parsed = updateEventTypesInput.parse(input);
  return withTenant(parsed.tenantId, async (tx) => {
    const endpoint = await lockEndpoint(tx, parsed.tenantId);
    if (!endpoint) throw AppError.notFound();
    await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { eventTypes: parsed.eventTypes } });
    await writeAudit(tx, {
      tenantId: parsed.tenantId,
      actor: input.actor,
      action: 'webhook.events',
      targetType: 'WebhookEndpoint',
      targetId: endpoint.id,
      before: { eventTypes: endpoint.eventTypes },
      after: { eventTypes: parsed.eventTypes },
      requestId: input.requestId,
    });
    return { eventTypes: parsed.eventTypes };
  });
}

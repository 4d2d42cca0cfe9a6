'use server';

import { revalidatePath } from 'next/cache';
import { getTranslations } from 'next-intl/server';
import { ZodError } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { requireUser } from '@/lib/auth/session';
import { disableWebhookEndpoint, enableWebhookEndpoint, registerWebhookEndpoint, updateWebhookEventTypes } from '@/lib/webhooks/endpoints';
import { sendHandshake } from '@/lib/webhooks/handshake';
import { replayQueuedDeliveries } from '@/lib/webhooks/replay';
import { sendTestEvent } from '@/lib/webhooks/test-event';
import type { ActionResult } from '@/components/webhooks/action-result';

// Every action re-checks the administrator role on the server: the page hiding a button is not
// the protection. The tenant is the session's, never a form field.

async function admin() {
  const { user, tenantId } = await requireUser({ roles: ['admin'] });
  return { tenantId, actor: { type: 'user' as const, id: user.id } };
}

async function run(work: (t: Awaited<ReturnType<typeof getTranslations<'webhooks'>>>) => Promise<string>): Promise<ActionResult> {
  const t = await getTranslations('webhooks');
  try {
    const message = await work(t);
    revalidatePath('/[locale]/admin/webhooks', 'page');
    return { ok: true, message, at: Date.now() };
  } catch (error) {
    return { ok: false, message: t('failed', { message: await describe(error) }), at: Date.now() };
  }
}

async function describe(error: unknown): Promise<string> {
  const t = await getTranslations('errors');
  if (error instanceof ApiError) return error.validationErrors?.length ? error.validationErrors.join('; ') : t(error.code);
  if (error instanceof ZodError) return error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
  throw error;
}

const statusText = async (status: string) => (await getTranslations('webhooks'))(`status.${status}` as 'status.Active');

export async function registerWebhookAction(_prev: ActionResult, form: FormData): Promise<ActionResult> {
  const { tenantId, actor } = await admin();
  return run(async (t) => {
    const summary = await registerWebhookEndpoint({
      tenantId,
      url: String(form.get('url') ?? ''),
      secret: String(form.get('secret') ?? ''),
      eventTypes: form.getAll('eventTypes').map(String) as never,
      actor,
    });
    return t('done.registered', { status: await statusText(summary.status) });
  });
}

export async function saveSubscriptionsAction(_prev: ActionResult, form: FormData): Promise<ActionResult> {
  const { tenantId, actor } = await admin();
  return run(async (t) => {
    await updateWebhookEventTypes({ tenantId, eventTypes: form.getAll('eventTypes').map(String), actor });
    return t('done.subscriptions');
  });
}

export async function sendHandshakeAction(): Promise<ActionResult> {
  const { tenantId, actor } = await admin();
  return run(async (t) => {
    const outcome = await sendHandshake({ tenantId, actor });
    if (!outcome) throw new ApiError('WEBHOOK_DISABLED');
    const status = await statusText(outcome.status);
    return outcome.ok ? t('done.handshakeOk', { status }) : t('done.handshakeFailed', { error: outcome.error ?? '', status });
  });
}

export async function sendTestEventAction(): Promise<ActionResult> {
  const { tenantId } = await admin();
  return run(async (t) => t('done.test', { id: (await sendTestEvent({ tenantId })).id }));
}

export async function replayAction(): Promise<ActionResult> {
  const { tenantId, actor } = await admin();
  return run(async (t) => {
    try {
      const { replaying } = await replayQueuedDeliveries({ tenantId, actor });
      return t('done.replay', { count: replaying });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') throw ApiError.validation(t('replayNeedsActive'));
      throw error;
    }
  });
}

export async function disableAction(): Promise<ActionResult> {
  const { tenantId, actor } = await admin();
  return run(async (t) => {
    await disableWebhookEndpoint({ tenantId, actor });
    return t('done.disabled');
  });
}

export async function enableAction(): Promise<ActionResult> {
  const { tenantId, actor } = await admin();
  return run(async (t) => t('done.enabled', { status: await statusText((await enableWebhookEndpoint({ tenantId, actor })).status) }));
}

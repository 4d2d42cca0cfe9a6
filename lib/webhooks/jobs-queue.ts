import type { Tx } from '@/lib/db/tenant-tx';

export type WebhookTask = 'webhooks.deliver' | 'webhooks.handshake' | 'webhooks.replay' | 'webhooks.maintain';

/**
 * Schedules a webhook job inside the caller's transaction (through a SECURITY DEFINER function, as
 * crm_app has no rights on the queue tables): the job exists exactly when the change that needs it
 * commits.
 */
export async function enqueueWebhookJob(
  tx: Tx,
  task: WebhookTask,
  payload: Record<string, unknown>,
  options: { runAt?: Date; jobKey?: string; jobKeyMode?: 'replace' | 'preserve_run_at' } = {},
): Promise<void> {
  await tx.$executeRaw`SELECT crm_enqueue_webhook_job(${task}, ${JSON.stringify(payload)}::json, ${options.runAt ?? null}::timestamptz, ${options.jobKey ?? null}::text, ${options.jobKeyMode ?? 'replace'}::text)`;
}
